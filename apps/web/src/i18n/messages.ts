import type { Language } from './languages.js';
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import pt from './messages/pt.json' with { type: 'json' };

/**
 * Every interface string of the pages, in the shape of the English file: a language file that
 * lacks a key does not compile, and the messages test also refuses keys English does not have
 * and plural messages without every form the language needs.
 */
export type Messages = typeof en;

/** A message whose form depends on a number: one entry per `Intl.PluralRules` category. */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>>> & {
  readonly other: string;
};

/** The messages of every language. */
export const MESSAGES: Readonly<Record<Language, Messages>> = { en, es, pt, fr, de, it };
