/** One figure of a proof in its list (`<dl>`): its name, and its value shown as the code it is. */
export function CodeFigure({ label, value }: { label: string; value: string | number | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
      </dd>
    </>
  );
}
