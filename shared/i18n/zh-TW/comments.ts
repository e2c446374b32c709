// The comments area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { comments as en } from '../en/comments';
import type { OneFormTranslation } from '../translation';

export const comments: OneFormTranslation<typeof en> = {
  title: '留言',
  description: '學員在課程、單元和文章下的留言，尚未回覆的排在前面。',
  what: '留言收件匣',
  label: '留言',
  notOffered: {
    title: '這所學校的平台不提供留言',
    body: '平台的 API 沒有留言可以顯示，這裡也就沒有需要回覆的內容。',
  },
  inbox: '收件匣（{{n}} 則未回覆）',
  readOnly: {
    lead: '這裡沒有「回覆」按鈕：',
    body: '平台只開放 App 讀取留言、不能代為回覆，請到網校上按<strong>到網校回覆</strong>逐則回覆。',
    noStaff: '平台沒有標示哪些留言來自你的團隊，所以每則留言都算未回覆。',
  },
  filters: {
    show: '顯示',
    where: '位置',
    all: '全部（{{n}}）',
    unanswered: '未回覆（{{n}}）',
    any: '所有位置',
    course: '課程',
    lecture: '單元',
    post: '文章',
  },
  empty: {
    none: '還沒有留言',
    noneHint: '學員在課程、單元和文章下的留言會顯示在這裡。',
    nothingWaiting: '沒有等待回覆的留言',
    nothingWaitingHint: '這類留言都已經有團隊回覆了。',
    noneHere: '這裡沒有留言',
    noneHereHint: '換個位置看看。',
  },
  list: '留言',
  place: {
    course: '課程「{{title}}」',
    lecture: '單元「{{title}}」',
    post: '文章「{{title}}」',
  },
  on: '留言於{{place}}',
  repliedOn: '回覆於{{place}}',
  unanswered: '未回覆',
  answeredBy: '{{name}} 已回覆',
  answer: '到網校回覆',
  answerLabel: '到網校回覆：{{name}}（{{place}}）',
  noLink: '平台未提供連結',
};
