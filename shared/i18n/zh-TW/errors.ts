// Failures in 繁體中文, typed against ../en/errors.ts. Terms: docs/glossary.md.
import type { errors as en } from '../en/errors';
import type { OneFormTranslation } from '../translation';

export const errors: OneFormTranslation<typeof en> = {
  copy: {
    invalid_address: { title: '網址格式不正確', hint: '請確認網校網址後再試一次。' },
    no_platform: {
      title: '這個網址沒有課程平台',
      hint: '網站有回應，但沒有提供平台登入。請確認網址：應該是你學校管理後台所在的網址。',
    },
    unreachable: { title: '無法連線到這個網址', hint: '請確認網址與網路連線，然後再試一次。' },
    insecure_issuer: {
      title: '平台的登入方式不安全',
      hint: '平台要求透過未加密的連線登入，因此 App 已停止。請聯絡平台業者。',
    },
    issuer_mismatch: {
      title: '平台的身分不符',
      hint: '這個網址與它指定的登入伺服器無法互相證明身分，為了保護你的帳號，App 已停止。請確認網址：應該是你學校管理後台所在的網址。',
    },
    bad_metadata: {
      title: '這裡找不到課程平台的登入',
      hint: '網站有回應，但不像課程平台的登入服務。請確認網址：應該是你學校管理後台所在的網址。如果網址沒錯，請聯絡平台業者。',
    },
    registration_refused: {
      title: '平台拒絕註冊這個 App',
      hint: '平台可能不開放桌面 App。請聯絡平台業者安排存取方式。',
    },
    access_denied: { title: '已拒絕授權', hint: '你在登入頁選擇不允許，所以沒有連結任何學校。準備好後可以再試一次。' },
    authorization_failed: { title: '登入沒有完成', hint: '登入頁回傳了錯誤，請再試一次。' },
    state_mismatch: {
      title: '登入回應不符',
      hint: '這個回應不屬於 App 發起的登入，所以已略過。請從這個畫面重新開始。',
    },
    timed_out: { title: '登入逾時', hint: '登入頁等待回覆太久了。請再試一次，並在瀏覽器中完成登入。' },
    cancelled: { title: '已取消登入', hint: '沒有連結任何學校，隨時可以重新開始。' },
    token_exchange_failed: { title: '無法完成登入', hint: '平台沒有接受這次登入，請再試一次。' },
    sign_in_needed: { title: '請重新登入', hint: '你在這所學校的登入已過期，重新登入即可繼續使用。' },
    insufficient_scope: { title: '需要更多權限', hint: 'App 需要你的授權才能讀取這些資料，授予權限後即可繼續。' },
    rate_limited: { title: '平台要求 App 放慢速度', hint: '請稍候片刻再試。' },
    server_error: { title: '平台發生問題', hint: '請稍後再試。' },
    bad_response: { title: '平台回傳了非預期的內容', hint: '請再試一次；如果持續發生，請聯絡平台業者。' },
    not_found: { title: '找不到', hint: '可能已在平台上刪除。' },
    offline: { title: '目前離線', hint: '恢復連線後，App 會自動補上進度。' },
    request_refused: { title: '平台拒絕了這個請求', hint: '請檢查輸入的內容後再試一次。' },
    invalid_input: { title: 'App 送出了無效的請求', hint: '請再試一次；如果持續發生，請重新啟動 App。' },
    forbidden_sender: { title: '請求遭拒', hint: '請重新啟動 App。' },
    storage_unavailable: {
      title: '無法在這台電腦上安全保存登入資訊',
      hint: 'App 無法使用安全儲存區。請檢查系統的金鑰圈後再試一次。',
    },
    storage_corrupt: { title: 'App 儲存的資料已損毀', hint: '請重新登入以恢復資料。' },
    internal: { title: '發生錯誤', hint: '請再試一次；如果持續發生，請重新啟動 App。' },
  },
  unexpected: 'App 內部發生錯誤。請再試一次；如果持續發生，請重新啟動 App。',
  router: {
    forbiddenSender: '這個視窗無權與 App 溝通。',
    unknownMethod: 'App 無法辨識這個請求。',
    malformed: '{{method}} 請求的格式錯誤：{{issue}}。',
    notAvailable: 'App 的這個功能尚未開放。',
    internal: 'App 內部發生錯誤。',
  },
  bridge: {
    notRunning: 'App 沒有在執行：請重新啟動（npm start）後重新整理這個頁面。',
    notSignedIn: '這個分頁尚未登入 App：請開啟「npm start」印出的啟動連結。',
    refused: 'App 拒絕了這個請求（HTTP {{status}}）。',
    unreadable: 'App 傳回的回應無法讀取。',
  },
  address: {
    empty: '請輸入網校網址，例如 https://school.example.com。',

    tooLong: '網址太長了。',
    spaces: '網址不能包含空格。',
    notAddress: '這看起來不像網址，請輸入類似 https://school.example.com 的網址。',
    scheme: '請使用 https:// 開頭的網址。',
    noHost: '網址需要包含主機名稱，例如 school.example.com。',
    credentials: '網址中請不要包含帳號和密碼：你會在網校自己的頁面登入。',
    fragment: '請移除網址中「#」之後的部分。',
    query: '請移除網址中「?」之後的部分。',
    https: '必須透過 https:// 連線到學校（http:// 只允許用於這台電腦）。',
    incomplete: '主機名稱不完整，請包含網域，例如 school.example.com。',
  },
};
