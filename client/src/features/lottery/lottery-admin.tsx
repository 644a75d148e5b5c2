import {
  INVALID_BET_AMOUNT,
  LOTTERY_CREATE_FAILED,
  LOTTERY_CREATE_FAILED_TITLE,
  LOTTERY_FIELDS_MISSING,
  parsePrizes,
} from "@igp/shared";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useMoney } from "../../lib/site-config.tsx";
import { Field } from "../auth/login-page.tsx";
import { createLottery, fetchAdminLottery, moveOutDate, startDrawing } from "./lottery-api.ts";

/** The back office's lottery fields (Create Instant Game with type lottery). */
export interface LotteryDraft {
  title: string;
  winAmount: string;
  outDate: string;
  prizes: string;
  banner: File | null;
}
export const emptyLotteryDraft = (): LotteryDraft => ({
  title: "",
  winAmount: "",
  outDate: "",
  prizes: "",
  banner: null,
});

/** The admin spec's checks, in its order; null when the form may be sent. */
export function lotteryDraftProblem(bet: string, draft: LotteryDraft): string | null {
  const price = Number(bet);
  if (!bet.trim() || !Number.isFinite(price) || price < 1) return INVALID_BET_AMOUNT;
  const win = Number(draft.winAmount);
  const complete =
    draft.title.trim() &&
    draft.outDate &&
    parsePrizes(draft.prizes).length > 0 &&
    draft.banner &&
    Number.isFinite(win) &&
    win >= 1;
  return complete ? null : LOTTERY_FIELDS_MISSING;
}

export function LotteryFields({
  draft,
  onChange,
}: {
  draft: LotteryDraft;
  onChange(draft: LotteryDraft): void;
}) {
  const { t } = useTranslation();
  const set = (field: keyof LotteryDraft) => (value: string) =>
    onChange({ ...draft, [field]: value });
  return (
    <>
      <Field
        id="lottery-title"
        label={t("lottery.titleField")}
        value={draft.title}
        onChange={set("title")}
      />
      <Field
        id="lottery-win"
        type="number"
        label={t("lottery.winAmount")}
        value={draft.winAmount}
        onChange={set("winAmount")}
      />
      <Field
        id="lottery-out-date"
        type="datetime-local"
        label={t("lottery.outDate")}
        value={draft.outDate}
        onChange={set("outDate")}
      />
      <Field
        id="lottery-prizes"
        label={t("lottery.prizesField")}
        placeholder="500, 200, Phone"
        value={draft.prizes}
        onChange={set("prizes")}
      />
      <div className="field">
        <label htmlFor="lottery-banner">{t("lottery.banner")}</label>
        <input
          id="lottery-banner"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(event) => onChange({ ...draft, banner: event.target.files?.[0] ?? null })}
        />
      </div>
    </>
  );
}

/** Sends the lottery form; the spec's failure notice carries the server's reason as well. */
export function useCreateLottery() {
  const notice = useNotice();
  return async (bet: string, draft: LotteryDraft): Promise<boolean> => {
    const problem = lotteryDraftProblem(bet, draft);
    if (problem) {
      notice({ type: "warning", title: problem });
      return false;
    }
    const form = new FormData();
    form.append("type", "lottery");
    form.append("betAmount", bet.trim());
    form.append("title", draft.title.trim());
    form.append("winAmount", draft.winAmount.trim());
    form.append("outDate", new Date(draft.outDate).toISOString());
    form.append("prizes", draft.prizes);
    form.append("bannerImage", draft.banner!);
    try {
      await createLottery(form);
      return true;
    } catch (error) {
      const reason = error instanceof ApiError && error.status < 500 ? ` ${error.message}` : "";
      notice({
        type: "danger",
        title: LOTTERY_CREATE_FAILED_TITLE,
        message: `${LOTTERY_CREATE_FAILED}${reason}`,
      });
      return false;
    }
  };
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
            className="button button-small button-outline"
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
          className="button button-small button-outline"
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
  const notice = useNotice();
  const [outDate, setOutDate] = useState("");
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!outDate) return notice({ type: "warning", title: LOTTERY_FIELDS_MISSING });
    try {
      await moveOutDate(props.code, new Date(outDate).toISOString());
      props.onChanged();
      props.onClose();
    } catch (error) {
      notice({
        type: "danger",
        title: error instanceof ApiError ? error.message : t("lottery.anError"),
      });
    }
  }
  return (
    <FormDialog
      id="end-date"
      title={t("lottery.changeEndDate")}
      submitLabel={t("lottery.save")}
      onSubmit={submit}
      onCancel={props.onClose}
    >
      <Field
        id="new-out-date"
        type="datetime-local"
        label={t("lottery.outDate")}
        value={outDate}
        onChange={setOutDate}
      />
    </FormDialog>
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
