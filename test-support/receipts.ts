import sharp from "sharp";

/**
 * Generated payment receipts: phone screenshots of a banking app's "transfer successful" page,
 * as players upload them as deposit proofs. Receipts of one app share everything but their
 * figures (amount, reference, time, names), which is what makes two honest receipts look alike
 * to a perceptual hash. docs/fraud-signals.md reports the hashes' distances on these.
 */
export interface Receipt {
  app: ReceiptApp;
  amount: string;
  reference: string;
  time: string;
  payer: string;
  payee: string;
}

export type ReceiptApp = "telebirr" | "cbe" | "awash";

const LOOKS: Record<ReceiptApp, { band: string; accent: string; title: string }> = {
  telebirr: { band: "#0b7fc1", accent: "#8dc63f", title: "telebirr" },
  cbe: { band: "#5b2a86", accent: "#f5a623", title: "CBE Birr" },
  awash: { band: "#f36f21", accent: "#1b3f8b", title: "Awash Bank" },
};

const WIDTH = 720;
const HEIGHT = 1280;

const xmlText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The receipt as an SVG page: status bar, the app's band, a tick, the amount, the details. */
function receiptSvg(receipt: Receipt): string {
  const look = LOOKS[receipt.app];
  const rows: [string, string][] = [
    ["Transaction ID", receipt.reference],
    ["Date", receipt.time],
    ["From", receipt.payer],
    ["To", receipt.payee],
    ["Service fee", "ETB 0.00"],
  ];
  const details = rows
    .map(
      ([label, value], index) =>
        `<text x="60" y="${700 + index * 80}" font-size="30" fill="#666">${label}</text>` +
        `<text x="660" y="${700 + index * 80}" font-size="30" fill="#111" text-anchor="end">${xmlText(value)}</text>` +
        `<line x1="60" x2="660" y1="${725 + index * 80}" y2="${725 + index * 80}" stroke="#e3e3e3" stroke-width="2"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="DejaVu Sans, sans-serif">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f6f8"/>
  <rect width="${WIDTH}" height="48" fill="#000"/>
  <text x="24" y="34" font-size="24" fill="#fff">9:41</text>
  <rect y="48" width="${WIDTH}" height="140" fill="${look.band}"/>
  <text x="360" y="138" font-size="46" fill="#fff" text-anchor="middle" font-weight="bold">${look.title}</text>
  <rect x="30" y="230" width="660" height="980" rx="24" fill="#fff"/>
  <circle cx="360" cy="340" r="64" fill="${look.accent}"/>
  <path d="M325 340 l25 28 l48 -56" stroke="#fff" stroke-width="14" fill="none"/>
  <text x="360" y="470" font-size="34" fill="#333" text-anchor="middle">Transfer successful</text>
  <text x="360" y="570" font-size="64" fill="#111" text-anchor="middle" font-weight="bold">ETB ${xmlText(receipt.amount)}</text>
  ${details}
  <rect x="60" y="1110" width="600" height="70" rx="35" fill="${look.band}"/>
  <text x="360" y="1156" font-size="30" fill="#fff" text-anchor="middle">Done</text>
</svg>`;
}

/** The receipt as a PNG screenshot. */
export function receiptImage(receipt: Receipt): Promise<Buffer> {
  return sharp(Buffer.from(receiptSvg(receipt)))
    .png()
    .toBuffer();
}

const PREFIXES: Record<ReceiptApp, string> = { telebirr: "DK", cbe: "FT", awash: "AW" };

/**
 * The n-th of a set of different receipts of one app: figures derived from n and the app,
 * repeatable, and never the same transfer twice (each app numbers its own references).
 */
export function receiptNumber(index: number, app: ReceiptApp = "telebirr"): Receipt {
  const n = index * 3 + Object.keys(PREFIXES).indexOf(app);
  const amount = 50 + ((n * 7919) % 9_950);
  const minutes = (n * 37) % 60;
  return {
    app,
    amount: `${amount.toLocaleString("en-US")}.00`,
    reference: `${PREFIXES[app]}${(26_110_000 + n * 7_331).toString(36).toUpperCase()}`,
    time: `2026-11-${String(1 + (n % 28)).padStart(2, "0")} ${String(8 + (n % 12)).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`,
    payer: ["Abebe Kebede", "Sara Tesfaye", "Dawit Haile", "Meron Alemu", "Yonas Bekele"][n % 5]!,
    payee: ["Lucky Games PLC", "Lucky Games PLC 2"][n % 2]!,
  };
}

/** What a cheat does to a receipt before sending it again. */
export const RECEIPT_EDITS = {
  /** Saved again as a JPEG of middling quality. */
  reencoded: (image: Buffer) => sharp(image).jpeg({ quality: 70 }).toBuffer(),
  /** Scaled to 90%. */
  resized90: async (image: Buffer) => {
    const { width, height } = await sharp(image).metadata();
    return sharp(image)
      .resize(Math.round(width * 0.9), Math.round(height * 0.9))
      .png()
      .toBuffer();
  },
  /** 5% of the height cut off the top (the status bar and part of the band). */
  cropped5Top: (image: Buffer) => cropEdges(image, { top: 0.05 }),
  /** 5% cut off the bottom. */
  cropped5Bottom: (image: Buffer) => cropEdges(image, { bottom: 0.05 }),
  /** 5% of each dimension cut, shared between the two sides (2.5% each). */
  cropped5Around: (image: Buffer) =>
    cropEdges(image, { top: 0.025, bottom: 0.025, left: 0.025, right: 0.025 }),
  /** A line of text written across the receipt. */
  textAdded: async (image: Buffer) => {
    const { width, height } = await sharp(image).metadata();
    const line = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${width / 2}" y="${Math.round(height * 0.62)}" font-size="${Math.round(width / 22)}" fill="#c62828" text-anchor="middle" font-family="DejaVu Sans, sans-serif">Sent to 0911 234 567 - paid twice</text></svg>`;
    return sharp(image)
      .composite([{ input: Buffer.from(line) }])
      .png()
      .toBuffer();
  },
} as const satisfies Record<string, (image: Buffer) => Promise<Buffer>>;

async function cropEdges(
  image: Buffer,
  cut: { top?: number; bottom?: number; left?: number; right?: number },
) {
  const { width, height } = await sharp(image).metadata();
  const left = Math.round(width * (cut.left ?? 0));
  const top = Math.round(height * (cut.top ?? 0));
  const right = Math.round(width * (cut.right ?? 0));
  const bottom = Math.round(height * (cut.bottom ?? 0));
  return sharp(image)
    .extract({ left, top, width: width - left - right, height: height - top - bottom })
    .png()
    .toBuffer();
}
