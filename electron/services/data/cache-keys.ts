// Offline-cache keys of the answers whose shape became the app's model (camelCase): an answer cached by an
// earlier version, in the platform's shape, is never found under them, so it is neither shown wrong nor
// crashes a screen; the screen asks again (or, offline, says it has nothing saved for that range). Readers of
// the cache elsewhere (the command palette's courses) look under these too. A number after the name is a later
// shape of the same answer (2: the learning figures carry the completion rate's numerator).
export const CACHE_KEYS = {
  courseList: 'data.courses.list@app-model.2',
  courseDetail: 'data.courses.get@app-model.2',
  salesReport: 'data.sales.report@app-model',
  learningReport: 'data.learning.report@app-model.2',
  school: 'data.school',
} as const;
