// The shape a translation must have: every key of the English file, each a string, nothing more. English
// plural keys come in `_one` and `_other` forms (Intl.PluralRules categories); 繁體中文 has one plural form,
// `_other`, so a zh-TW file leaves the other categories out (and may not add them).

type OtherPluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many';

/** An area's strings in a language with one plural form (zh-TW), typed against its English file. */
export type OneFormTranslation<T> = {
  [K in keyof T as K extends `${string}_${OtherPluralCategory}` ? never : K]: T[K] extends string ? string : OneFormTranslation<T[K]>;
};
