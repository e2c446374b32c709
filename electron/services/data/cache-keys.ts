// Offline-cache keys of the answers whose shape became the app's model (camelCase): an answer cached by an
// earlier version, in the platform's shape, is never found under them, so it is neither shown wrong nor
// crashes a screen; the screen asks again (or, offline, says it has nothing saved for that range). Readers of
// the cache elsewhere (the command palette's courses) look under these too.
export const CACHE_KEYS = {
  courseList: 'data.courses.list@app-model',
  courseDetail: 'data.courses.get@app-model',
  salesReport: 'data.sales.report@app-model',
  subscriptions: 'data.subscriptions.report@app-model',
  learningReport: 'data.learning.report@app-model',
  school: 'data.school',
} as const;
