import type { Ref } from "react";
import { WHEEL_INK, WHEEL_RIM, WHEEL_SEGMENT_COLOURS } from "./wheel-look.ts";
import { segmentArc } from "./wheel-spin.ts";

const hex = (colour: number) => `#${colour.toString(16).padStart(6, "0")}`;
/** The wheel's radius and pointer as drawWheel draws them, in a 2 x 2 box centred on 0. */
const RADIUS = 0.88;
const POINTER = 0.14;

/**
 * The wheel drawn as SVG from the first frame: it stands where the PixiJS wheel will be while
 * PixiJS loads (turned through `faceRef` by the same spin), so the overlay never shows an empty
 * space, and the PixiJS wheel then covers it exactly.
 */
export function WheelPlaceholder({
  size = 280,
  faceRef,
}: {
  size?: number;
  faceRef?: Ref<SVGGElement>;
}) {
  const point = (angle: number, radius: number) =>
    `${(Math.cos(angle) * radius).toFixed(4)} ${(Math.sin(angle) * radius).toFixed(4)}`;
  return (
    <svg
      className="wheel-placeholder"
      viewBox="-1 -1 2 2"
      width={size}
      height={size}
      aria-hidden="true"
    >
      <g ref={faceRef}>
        {WHEEL_SEGMENT_COLOURS.map((colour, index) => {
          const { start, end, middle } = segmentArc(index);
          const [x, y] = point(middle, RADIUS * 0.66).split(" ");
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: six fixed segments
            <g key={index}>
              <path
                d={`M0 0 L${point(start, RADIUS)} A${RADIUS} ${RADIUS} 0 0 1 ${point(end, RADIUS)} Z`}
                fill={hex(colour)}
                stroke={hex(WHEEL_INK)}
                strokeWidth={0.02}
              />
              <text
                x={x}
                y={y}
                fill="#fff"
                fontSize={RADIUS * 0.3}
                fontWeight={800}
                textAnchor="middle"
                dominantBaseline="central"
                transform={`rotate(${((middle + Math.PI / 2) * 180) / Math.PI} ${x} ${y})`}
              >
                {index + 1}
              </text>
            </g>
          );
        })}
        <circle r={RADIUS} fill="none" stroke={hex(WHEEL_RIM)} strokeWidth={0.04} />
        <circle
          r={RADIUS * 0.14}
          fill={hex(WHEEL_INK)}
          stroke={hex(WHEEL_RIM)}
          strokeWidth={0.02}
        />
      </g>
      <path
        d={`M${-POINTER / 2} ${-RADIUS - POINTER} L${POINTER / 2} ${-RADIUS - POINTER} L0 ${-RADIUS + POINTER * 0.2} Z`}
        fill={hex(WHEEL_RIM)}
        stroke={hex(WHEEL_INK)}
        strokeWidth={0.015}
      />
    </svg>
  );
}
