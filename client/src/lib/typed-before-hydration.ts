/**
 * Text a visitor types into a prerendered page's form before React has taken it over (a slow
 * phone): React may replace the page's HTML rather than hydrate it (a screen whose code arrives
 * after an update), and the form library sets each field to its default as it takes it over,
 * so what was typed is kept here, by field name, and given back once the form has mounted.
 */
const typed = new Map<string, string>();

function keep(target: EventTarget | null) {
  if (!(target instanceof HTMLInputElement) || !target.form || !target.name) return;
  if (target.type === "hidden" || target.type === "file") return;
  if (target.value) typed.set(target.name, target.value);
  else typed.delete(target.name);
}

const onInput = (event: Event) => keep(event.target);

/** From main.tsx, before hydrating: what is in the fields now, and what is typed from now on. */
export function watchTypedBeforeHydration(root: HTMLElement) {
  for (const input of root.querySelectorAll("form input")) keep(input);
  document.addEventListener("input", onInput, true);
}

/**
 * What was typed into these fields before the first form mounted; the watch ends there, so a
 * later form never gets another's text.
 */
export function takeTypedBeforeHydration(names: string[]): [string, string][] {
  document.removeEventListener("input", onInput, true);
  const found = names.flatMap((name) => {
    const value = typed.get(name);
    return value ? [[name, value] as [string, string]] : [];
  });
  typed.clear();
  return found;
}
