// The words for states and permissions in 繁體中文, typed against ../en/labels.ts. Terms: docs/glossary.md.
import type { labels as en } from '../en/labels';
import type { OneFormTranslation } from '../translation';

export const labels: OneFormTranslation<typeof en> = {
  orderState: {
    notPaid: '未付款',
    paid: '已付款',
    expired: '已過期',
    failed: '付款失敗',
    manuallyEnrolled: '手動開通',
    refunded: '已退款',
    refunding: '退款中',
  },
  paymentMethod: {
    creditCard: '信用卡',
    atm: 'ATM 轉帳',
    convenienceStore: '超商付款',
    paypal: 'PayPal',
    linePay: 'LINE Pay',
    applePay: 'Apple Pay',
    free: '免費',
  },
  courseState: { draft: '草稿', published: '已發布', hidden: '已隱藏' },
  subscriptionState: { active: '訂閱中', incomplete: '未完成', trialing: '試用中', past_due: '逾期未付', canceled: '已取消', expired: '已到期' },
  interval: { day: '日', month: '月', year: '年' },
  scopes: {
    openid: '確認你的身分（OpenID Connect 登入）',
    profile: '查看你的基本資料：姓名和大頭貼',
    email: '查看你的 Email 地址',
    courses: {
      read: '查看你的課程、價格和統計數據',
      write: '修改你的課程，以及發布或取消發布',
    },
    students: {
      read: '查看你的學員和他們的報名紀錄',
      write: '修改你的學員資料',
    },
    members: {
      read: '查看你的會員',
      write: '修改你的會員資料',
    },
    analytics: {
      read: '查看銷售、學習和訂閱的數據分析',
    },
    curriculum: {
      read: '查看課程的章節和單元',
      write: '修改課程的章節和單元',
    },
    orders: {
      read: '查看你的訂單和付款紀錄',
    },
    school: {
      read: '查看網校的設定',
      write: '修改網校的設定',
    },
    appearance: {
      read: '查看網校的外觀',
      write: '修改網校的外觀',
    },
    events: {
      read: '查看你的活動和參加者',
      write: '修改你的活動',
    },
    membership_plans: {
      read: '查看你的會員方案',
      write: '修改你的會員方案',
    },
    coupons: {
      read: '查看你的優惠碼和使用紀錄',
      write: '建立和停用優惠碼',
    },
    posts: {
      read: '查看你的文章',
      write: '修改你的文章',
    },
    subscriptions: {
      read: '查看訂閱和訂閱付款',
      write: '修改訂閱',
    },
    digital_products: {
      read: '查看你的數位商品',
      write: '修改你的數位商品',
    },
    comments: {
      read: '查看課程和文章的留言',
    },
    lecturers: {
      read: '查看你的講師',
      write: '修改你的講師資料',
    },
    storage: {
      write: '上傳檔案到網校',
    },
    forms: {
      read: '查看你的表單和填答內容',
    },
    pages: {
      read: '查看網校的頁面',
      write: '修改網校的頁面',
    },
    account: {
      read: '查看你的帳號',
      write: '修改你的帳號',
    },
  },
};
