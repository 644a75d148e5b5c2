import "./tabs.css";
/** A row of tabs: one selected key, a label per key (a tab list holds tabs only). */
export function Tabs<const Key extends string>(props: {
  keys: readonly Key[];
  selected: Key;
  label(key: NoInfer<Key>): string;
  onSelect(key: NoInfer<Key>): void;
}) {
  return (
    <div className="tabs" role="tablist">
      {props.keys.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={props.selected === key}
          onClick={() => props.onSelect(key)}
        >
          {props.label(key)}
        </button>
      ))}
    </div>
  );
}
