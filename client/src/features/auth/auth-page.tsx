import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { Form } from "../../components/form/fields.tsx";
import type { ApiForm } from "../../components/form/use-api-form.ts";
import "./auth.css";

/** The frame of the sign-in, registration and reset screens: one card with its form. */
export function AuthPage<Values extends FieldValues>(props: {
  title: string;
  form: ApiForm<Values>;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <Form form={props.form} className="card auth-card">
        <h1>{props.title}</h1>
        {props.children}
      </Form>
    </main>
  );
}
