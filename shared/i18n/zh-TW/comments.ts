// The comments area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { comments as en } from '../en/comments';
import type { OneFormTranslation } from '../translation';

export const comments: OneFormTranslation<typeof en> = {
  answer: '在網站上回覆',
  answerLabel: '在網站上回覆：{{author}}（{{place}}）',
};
