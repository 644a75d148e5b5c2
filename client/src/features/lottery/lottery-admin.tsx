import {
  createLotteryFieldsSchema,
  createTableSchema,
  GAME_TYPES,
  ISSUE_MESSAGES,
  LOTTERY_FIELDS_MISSING,
  outDateSchema,
} from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DialogForm } from "../../components/form/dialog-form.tsx";
import { ImageField, TextField } from "../../components/form/fields.tsx";
import { multipart } from "../../components/form/multipart.ts";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMoney } from "../../lib/site-config.tsx";
import {
  createLottery,
  fetchAdminLottery,
  moveOutDate,
  startDrawing,
} from "./lottery-admin-api.ts";

/** A banner or other image chosen in a form: a file, or none yet. */
const banner = z.custom<File | null>((value) => value instanceof Blob, LOTTERY_FIELDS_MISSING);

/**
 * Create Instant Game: a table (type and bet) or a lottery (its fields and banner), each checked
 * by its own shared schema; issues keep their fields. The spec's 'Please fill all the lottery
 * fields!' is said once, above the buttons, and each empty field is marked as required.
 */
export const createGameFormSchema = z
  .object({
    type: z.enum(GAME_TYPES),
    betAmount: z.string(),
    title: z.string(),
    winAmount: z.string(),
    outDate: z.string(),
    prizes: z.string(),
    bannerImage: z.custom<File | null>(),
  })
  .superRefine((form, ctx) => {
    const parsed =
      form.type === "lottery"
        ? createLotteryFieldsSchema.extend({ bannerImage: banner }).safeParse(form)
        : createTableSchema.safeParse({ type: form.type, betAmount: form.betAmount });
    let missing = false;
    for (const issue of parsed.error?.issues ?? []) {
      const empty = issue.message === LOTTERY_FIELDS_MISSING;
      missing ||= empty;
      const message = empty ? ISSUE_MESSAGES.required : issue.message;
      ctx.addIssue({ code: "custom", path: issue.path, message });
    }
    if (missing) ctx.addIssue({ code: "custom", path: [], message: LOTTERY_FIELDS_MISSING });
  });
export type CreateGameForm = z.input<typeof createGameFormSchema>;

export const EMPTY_GAME: CreateGameForm = {
  type: "coin-flip",
  betAmount: "",
  title: "",
  winAmount: "",
  outDate: "",
  prizes: "",
  bannerImage: null,
};

/** Sends Create Instant Game: a table as JSON, a lottery as multipart with its banner. */
export async function createGame(form: CreateGameForm) {
  if (form.type !== "lottery") {
    return api("/api/games/create", { body: { type: form.type, betAmount: form.betAmount } });
  }
  // The date picker's local time, as the instant it means.
  return createLottery(multipart({ ...form, outDate: new Date(form.outDate).toISOString() }));
}

/** The lottery's own fields of Create Instant Game. */
export function LotteryFields() {
  const { t } = useTranslation();
  return (
    <>
      <TextField name="title" label={t("lottery.titleField")} />
      <TextField name="winAmount" type="number" label={t("lottery.winAmount")} />
      <TextField name="outDate" type="datetime-local" label={t("lottery.outDate")} />
      <TextField name="prizes" label={t("lottery.prizesField")} placeholder="500, 200, Phone" />
      <ImageField name="bannerImage" label={t("lottery.banner")} preview />
    </>
  );
}

/** A lottery row's actions: change the end date, start the drawing, see the winners. */
export function LotteryActions(props: { code: string; status: string; onChanged(): void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [dialog, setDialog] = useState<"date" | "draw" | "winners" | null>(null);
  const drawn = props.status === "drawn";
  const fail = (error: unknown) =>
    notice({
      type: "danger",
      title: error instanceof ApiError ? error.message : t("lottery.anError"),
    });

  async function draw() {
    setDialog(null);
    try {
      await startDrawing(props.code);
      props.onChanged();
    } catch (error) {
      fail(error);
    }
  }

  return (
    <>
      {!drawn && (
        <>
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => setDialog("date")}
          >
            {t("lottery.changeEndDate")}
          </button>
          <button type="button" className="button button-small" onClick={() => setDialog("draw")}>
            {t("lottery.startDrawing")}
          </button>
        </>
      )}
      {drawn && (
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => setDialog("winners")}
        >
          {t("lottery.winners")}
        </button>
      )}
      {dialog === "date" && (
        <EndDateDialog
          code={props.code}
          onClose={() => setDialog(null)}
          onChanged={props.onChanged}
        />
      )}
      {dialog === "draw" && (
        <ConfirmDialog
          question={t("lottery.confirmDrawing")}
          confirm={t("lottery.startDrawing")}
          onConfirm={() => void draw()}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === "winners" && <WinnersDialog code={props.code} onClose={() => setDialog(null)} />}
    </>
  );
}

function EndDateDialog(props: { code: string; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const form = useApiForm({
    schema: z.object({ outDate: outDateSchema }),
    defaultValues: { outDate: "" },
    failureText: (reason) => reason,
    async onSubmit({ outDate }) {
      await moveOutDate(props.code, new Date(outDate).toISOString());
      props.onChanged();
      props.onClose();
    },
  });
  return (
    <DialogForm
      form={form}
      id="end-date"
      title={t("lottery.changeEndDate")}
      submitLabel={t("lottery.save")}
      onCancel={props.onClose}
    >
      <TextField name="outDate" type="datetime-local" label={t("lottery.outDate")} />
    </DialogForm>
  );
}

/** Who won what: money prizes were paid; awards are listed for the admin to hand over. */
function WinnersDialog({ code, onClose }: { code: string; onClose(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [winners, setWinners] = useState<
    Awaited<ReturnType<typeof fetchAdminLottery>>["winners"] | null
  >(null);
  useEffect(() => {
    fetchAdminLottery(code).then(
      (view) => setWinners(view.winners),
      () => setWinners([]),
    );
  }, [code]);
  return (
    <Modal title={t("lottery.winners")} onClose={onClose}>
      {winners?.length === 0 && <p>{t("lottery.noWinner")}</p>}
      <ol className="prize-list">
        {(winners ?? []).map((winner) => (
          <li key={winner.place}>
            #{winner.winnerLotteryNumber} {winner.fullName}:{" "}
            {winner.amount === null
              ? `${winner.label} (${t("lottery.award")})`
              : money(winner.amount)}
          </li>
        ))}
      </ol>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("lottery.close")}
        </button>
      </div>
    </Modal>
  );
}
