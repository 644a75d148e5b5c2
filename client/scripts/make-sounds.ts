import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes the Coin Flip sounds to client/public/sounds: 16-bit PCM mono WAVs at 22050 Hz, built
 * from sine tones and envelopes only (no samples, no randomness), so running it again gives the
 * same bytes. Run from the repository root: `npx tsx client/scripts/make-sounds.ts`.
 */

const SAMPLE_RATE = 22_050;
const PEAK = 0.8; // headroom below full scale so players' speakers do not clip
// Fades at the ends so nothing clicks: a quick one in (keeps the attack), a gentle one out.
const FADE_IN_S = 0.004;
const FADE_OUT_S = 0.06;

/** A tone layer: a frequency (which may change over time) shaped by an envelope. */
interface Tone {
  start: number; // seconds
  duration: number; // seconds
  frequency: (t: number) => number; // Hz, t seconds since the partial's start
  gain: number;
  attack: number; // seconds of linear rise
  decay: number; // time constant of the exponential fall, seconds
}

/** Mixes tones into samples, integrating frequency so glides stay smooth. */
function render(seconds: number, tones: Tone[]): Float64Array {
  const samples = new Float64Array(Math.round(seconds * SAMPLE_RATE));
  for (const p of tones) {
    const first = Math.round(p.start * SAMPLE_RATE);
    const count = Math.min(Math.round(p.duration * SAMPLE_RATE), samples.length - first);
    let phase = 0;
    for (let i = 0; i < count; i++) {
      const t = i / SAMPLE_RATE;
      const envelope = Math.min(1, t / p.attack) * Math.exp(-t / p.decay);
      samples[first + i]! += p.gain * envelope * Math.sin(phase);
      phase += (2 * Math.PI * p.frequency(t)) / SAMPLE_RATE;
    }
  }
  return samples;
}

/** Scales to PEAK and fades the ends. */
function finish(samples: Float64Array): Float64Array {
  const loudest = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0) || 1;
  const fadeIn = FADE_IN_S * SAMPLE_RATE;
  const fadeOut = FADE_OUT_S * SAMPLE_RATE;
  return samples.map((s, i) => {
    const edge = Math.min(1, i / fadeIn, (samples.length - 1 - i) / fadeOut);
    return (s / loudest) * PEAK * edge;
  });
}

/** A canonical 44-byte RIFF header followed by little-endian 16-bit samples. */
function wav(samples: Float64Array): Buffer {
  const dataBytes = samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write("WAVE", 8, "ascii");
  out.write("fmt ", 12, "ascii");
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write("data", 36, "ascii");
  out.writeUInt32LE(dataBytes, 40);
  samples.forEach((s, i) => {
    out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), 44 + i * 2);
  });
  return out;
}

const steady = (hz: number) => () => hz;

/**
 * A struck coin: inharmonic partials (the ratios of a free metal plate, not a string's 1:2:3)
 * give the metallic ping; a wobble that slows down, like a coin settling, gives the spinning ring.
 */
function coinFlip(): Float64Array {
  const seconds = 1.5;
  const base = 1_850;
  const ratios = [1, 2.32, 4.25, 6.63];
  const ping = ratios.map((ratio, k) => ({
    start: 0,
    duration: seconds,
    frequency: steady(base * ratio),
    gain: 1 / (k + 1),
    attack: 0.002,
    decay: 0.55 / (k + 1), // high partials die first, leaving a purer ring
  }));
  const samples = render(seconds, ping);
  // Wobble from 18 Hz down to 5 Hz: phase is the integral of the falling rate.
  return samples.map((s, i) => {
    const t = i / SAMPLE_RATE;
    const wobblePhase = 2 * Math.PI * (18 * t - ((13 / seconds) * t * t) / 2);
    return s * (0.7 + 0.3 * Math.cos(wobblePhase));
  });
}

/** A rising C major arpeggio (C5 E5 G5 C6), the last note held, with a soft octave for sparkle. */
function win(): Float64Array {
  const notes = [523.25, 659.25, 783.99, 1_046.5];
  const partials = notes.flatMap((hz, k) => {
    const last = k === notes.length - 1;
    const note = {
      start: k * 0.12,
      duration: 1.2 - k * 0.12,
      attack: 0.01,
      decay: last ? 0.35 : 0.12,
    };
    return [
      { ...note, frequency: steady(hz), gain: 1 },
      { ...note, frequency: steady(hz * 2), gain: 0.25 },
    ];
  });
  return render(1.2, partials);
}

/** A descending C minor figure (G4, E flat 4, C4), the last note sagging a little in pitch. */
function lose(): Float64Array {
  const notes = [392, 311.13, 261.63];
  const partials = notes.flatMap((hz, k) => {
    const last = k === notes.length - 1;
    const note = {
      start: k * 0.2,
      duration: 1 - k * 0.2,
      attack: 0.015,
      decay: last ? 0.3 : 0.15,
    };
    // A falling glide of about a semitone over the held note sounds deflated.
    const frequency = last ? (t: number) => hz * 2 ** (-t / 0.6 / 12) : steady(hz);
    return [
      { ...note, frequency, gain: 1 },
      { ...note, frequency: (t: number) => 3 * frequency(t), gain: 0.12 }, // hollow, clarinet-like
    ];
  });
  return render(1, partials);
}

const outDir = path.resolve(import.meta.dirname, "../public/sounds");
mkdirSync(outDir, { recursive: true });
const sounds: Record<string, Float64Array> = {
  "coin-flip.wav": coinFlip(),
  "win.wav": win(),
  "lose.wav": lose(),
};
for (const [file, samples] of Object.entries(sounds)) {
  const bytes = wav(finish(samples));
  writeFileSync(path.join(outDir, file), bytes);
  console.log(`${(bytes.length / 1024).toFixed(1).padStart(6)} KB  ${file}`);
}
