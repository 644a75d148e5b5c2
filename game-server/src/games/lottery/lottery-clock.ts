import { GameError } from "../round-kernel/round-game.ts";
import type { LotteryRounds } from "./lottery-rounds.ts";

type Log = (message: string, error?: unknown) => void;

/**
 * Draws every lottery whose end date has passed, by itself: sales close at the end date, and a
 * lottery that ended at night no longer waits for an admin's Finish (who may still draw earlier).
 * It runs beside the background workers, so one process draws; a Finish racing it is refused by
 * the registry's status change (`LotteryRounds.draw`), so a lottery is drawn once.
 */
export class LotteryClock {
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<void> | null = null;

  constructor(
    private readonly lotteries: LotteryRounds,
    private readonly log: Log,
    private readonly everyMs = 1_000,
  ) {}

  async start() {
    this.timer = setInterval(() => void this.drawDue(), this.everyMs);
    await this.drawDue();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.tick;
  }

  /** Draws what is due now; a tick still running is not started twice. */
  private drawDue(): Promise<void> {
    this.tick ??= this.drawEach().finally(() => {
      this.tick = null;
    });
    return this.tick;
  }

  private async drawEach() {
    for (const lottery of await this.lotteries.registry.due().catch(this.failed)) {
      try {
        await this.lotteries.draw(lottery.code);
        this.log(`Lottery ${lottery.code} drawn at its end date.`);
      } catch (error) {
        // Someone drew or deleted it meanwhile: nothing left to do.
        if (!(error instanceof GameError && (error.status === 409 || error.status === 404)))
          this.log(`Could not draw lottery ${lottery.code} at its end date.`, error);
      }
    }
  }

  private failed = (error: unknown) => {
    this.log("Could not look for lotteries to draw.", error);
    return [];
  };
}
