// The comments area's strings in English (docs/ui.md, "Language"). Its 繁體中文 twin is ../zh-TW/comments.ts.
export const comments = {
  title: 'Comments',
  description: 'What learners said on your courses, lectures and posts: unanswered first.',
  what: 'the comments inbox',
  label: 'the comments',
  notOffered: {
    title: "This school's platform does not offer comments",
    body: 'Its API has no comments to show, so there is nothing to answer here.',
  },
  inbox: 'Inbox ({{n}} unanswered)',
  readOnly: {
    lead: 'No Reply button here:',
    body: "your platform lets apps read comments but not write them, so you answer each one on your school's site with <strong>Answer on your site</strong>.",
    noStaff: 'Your platform does not say which comments come from your staff, so every comment counts as unanswered.',
  },
  filters: {
    show: 'Show',
    where: 'Where',
    all: 'All ({{n}})',
    unanswered: 'Unanswered ({{n}})',
    any: 'Anywhere',
    course: 'Courses',
    lecture: 'Lectures',
    post: 'Posts',
  },
  empty: {
    none: 'No comments yet',
    noneHint: 'Comments learners write on your courses, lectures and posts show here.',
    nothingWaiting: 'Nothing waiting for an answer',
    nothingWaitingHint: 'Every comment of this kind has a reply from your staff.',
    noneHere: 'No comments here',
    noneHereHint: 'Try another place.',
  },
  list: 'Comments',
  place: {
    course: 'course “{{title}}”',
    lecture: 'lecture “{{title}}”',
    post: 'post “{{title}}”',
  },
  on: 'on {{place}}',
  repliedOn: 'replied on {{place}}',
  unanswered: 'Unanswered',
  answeredBy: 'Answered by {{name}}',
  answer: 'Answer on your site',
  // The visible words first (WCAG 2.5.3), then whose comment and where.
  answerLabel: 'Answer on your site: {{name}} ({{place}})',
  noLink: 'No link from the platform',
};
