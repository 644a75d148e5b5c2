import { registerRequestSchema } from "@igp/shared";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { api } from "../../lib/api-client.ts";
import "../../lib/i18n.ts";
import {
  CheckboxField,
  Form,
  FormFailure,
  ImageField,
  SubmitButton,
  TextField,
} from "./fields.tsx";
import { useApiForm } from "./use-api-form.ts";

// The server is played by a stub of fetch: what each request answers is set per test.
let answer: () => Promise<Response>;
const sent: unknown[] = [];
beforeEach(() => {
  sent.length = 0;
  answer = async () => Response.json({ message: "ok" }, { status: 201 });
  vi.stubGlobal("fetch", (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * A form of the kit on the shared registration schema, as the register page uses it (`schema`:
 * what loads it instead, as the prerendered pages do: lib/lazy-schemas.ts).
 */
function Registration(props: { schema?: () => Promise<typeof registerRequestSchema> }) {
  const form = useApiForm({
    schema: props.schema ?? registerRequestSchema,
    defaultValues: {
      phone: "",
      fullName: "",
      password: "",
      confirmPassword: "",
      ageConfirmed: false as true,
      termsAccepted: false as true,
    },
    failureText: (reason) => `Registration failed. ${reason}`,
    onSubmit: (values) => api("/api/auth/user/register", { body: values }),
  });
  return (
    <Form form={form}>
      <TextField name="phone" label="Phone or email" />
      <TextField name="fullName" label="Full name" />
      <TextField name="password" type="password" label="Password" />
      <TextField name="confirmPassword" type="password" label="Confirm password" />
      <CheckboxField name="ageConfirmed" label="I am 18 or older" />
      <CheckboxField name="termsAccepted" label="I accept the terms" />
      <FormFailure />
      <SubmitButton label="Register" busyLabel="Registering..." />
    </Form>
  );
}

/** A proof to upload, as the deposit and charge forms have it. */
function Proof() {
  const form = useApiForm({
    schema: z.object({
      screenshot: z.custom<File | null>((v) => v instanceof Blob, "Please attach a screenshot."),
    }),
    defaultValues: { screenshot: null },
    onSubmit: async () => {},
  });
  return (
    <Form form={form}>
      <ImageField name="screenshot" label="Screenshot" preview />
      <SubmitButton label="Send" />
    </Form>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: /Register/ }));
function fillValid() {
  type("Phone or email", "0911223344");
  type("Full name", "Almaz Ayana");
  type("Password", "secret12");
  type("Confirm password", "secret12");
  fireEvent.click(field("I am 18 or older"));
  fireEvent.click(field("I accept the terms"));
}

describe("the form kit", () => {
  it("shows the schema's messages at their fields, sends nothing, and clears one when edited", async () => {
    render(<Registration />);
    type("Phone or email", "12345");
    type("Password", "secret12");
    type("Confirm password", "secret13");
    submit();
    expect(await screen.findByText("Enter a valid phone number or email.")).toBeTruthy();
    expect(screen.getByText("Full name is required.")).toBeTruthy();
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
    expect(field("Full name").getAttribute("aria-invalid")).toBe("true");
    // The message is tied to its field for screen readers.
    const described = field("Full name").getAttribute("aria-describedby")!;
    expect(document.getElementById(described)?.textContent).toBe("Full name is required.");
    type("Full name", "Almaz");
    expect(screen.queryByText("Full name is required.")).toBeNull();
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("puts a refusal of the server at the field it names, and one without a field above the button", async () => {
    render(<Registration />);
    fillValid();
    answer = async () =>
      Response.json(
        { message: "An account with this phone or email already exists.", field: "phone" },
        { status: 409 },
      );
    submit();
    const atField = await screen.findByText("An account with this phone or email already exists.");
    expect(atField.id).toBe(field("Phone or email").getAttribute("aria-describedby"));
    expect(screen.queryByRole("alert")).toBeNull();

    answer = async () => Response.json({ message: "Too many requests." }, { status: 429 });
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Registration failed. Too many requests.",
    );
    expect(sent).toHaveLength(2);
  });

  it("sends one request however often submit is pressed while it is on its way", async () => {
    let release = () => {};
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve(Response.json({ message: "ok" }, { status: 201 }));
      });
    render(<Registration />);
    fillValid();
    submit();
    submit();
    const button = await screen.findByRole("button", { name: "Registering..." });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    submit();
    fireEvent.submit(button.closest("form")!);
    release();
    await screen.findByRole("button", { name: "Register" });
    expect(sent).toHaveLength(1);
  });

  it("keeps everything typed when the network fails, with a clear message", async () => {
    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    render(<Registration />);
    fillValid();
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain(
      "No answer from the server: check your connection and try again. What you typed is kept.",
    );
    expect(field("Phone or email").value).toBe("0911223344");
    expect(field("Full name").value).toBe("Almaz Ayana");
    expect(field("Password").value).toBe("secret12");
    // Trying again sends the same values.
    answer = async () => Response.json({ message: "ok" }, { status: 201 });
    submit();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual(sent[0]);
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("checks with a schema loaded at the first submit; checks that did not load send nothing and say so", async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      if (loads <= 2) throw new TypeError("Failed to fetch dynamically imported module");
      return registerRequestSchema;
    };
    render(<Registration schema={load} />);
    // The form asks for its checks once on screen, then again at the submit: both fail here.
    await waitFor(() => expect(loads).toBe(1));
    type("Phone or email", "12345");
    submit();
    expect((await screen.findByRole("alert")).textContent).toContain(
      "No answer from the server: check your connection and try again. What you typed is kept.",
    );
    expect(sent).toEqual([]);
    expect(field("Phone or email").value).toBe("12345");
    // Tried again, the checks load and speak at their fields; still nothing is sent.
    submit();
    expect(await screen.findByText("Enter a valid phone number or email.")).toBeTruthy();
    expect(loads).toBe(3);
    expect(sent).toEqual([]);
  });

  it("clears an image's message as soon as a file is chosen, and previews it", async () => {
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:proof" }));
    render(<Proof />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Please attach a screenshot.")).toBeTruthy();
    const file = new File(["png"], "proof.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Screenshot"), { target: { files: [file] } });
    await waitFor(() => expect(screen.queryByText("Please attach a screenshot.")).toBeNull());
    expect(screen.getByAltText("Screenshot preview").getAttribute("src")).toBe("blob:proof");
  });
});
