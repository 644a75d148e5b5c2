import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** The numbers in a message: 'At most 100 characters.' reads as 'At most {{0}} characters.'. */
const NUMBER = /\d+(?:\.\d+)?/g;
/** A sentence that names its field (shared/src/api/text.ts): '{{label}} must be text.'. */
const LABELLED = /^.+(?= (must be text|contains characters that are not allowed)\.$)/;
const AS_KEY = { keySeparator: false, nsSeparator: false } as const;

/**
 * Translates a message of the specs or the server, given in English (the `messages` namespace is
 * keyed by that English text), into the reader's language: by its exact words, else as a
 * template: each number a placeholder ('Please enter at least {{0}} characters.'), or the field
 * it names ('{{label}} must be text.'); itself when none of these is translated.
 */
export function useMessage() {
  const { t } = useTranslation("messages");
  return useCallback(
    (english: string) => {
      const exact = t(english, { ...AS_KEY, defaultValue: english });
      if (exact !== english) return exact;
      const numbers: Record<string, string> = {};
      let count = 0;
      const template = english.replace(LABELLED, "{{label}}").replace(NUMBER, (number) => {
        numbers[count] = number;
        return `{{${count++}}}`;
      });
      if (template === english) return english;
      return t(template, { ...AS_KEY, ...numbers, defaultValue: english });
    },
    [t],
  );
}
