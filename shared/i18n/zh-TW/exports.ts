// The exports area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { exports as en } from '../en/exports';
import type { OneFormTranslation } from '../translation';

export const exports: OneFormTranslation<typeof en> = {
  orders: {
    tradeNumber: '訂單編號',
    state: '狀態',
    createdAt: '建立時間（{{zone}}）',
    paidAt: '付款時間（{{zone}}）',
    buyer: '購買人',
    buyerEmail: '購買人 Email',
    paymentMethod: '付款方式',
    items: '項目',
    coupon: '優惠碼',
    currency: '幣別',
    original: '原價',
    discount: '折扣',
    paid: '實付金額',
    refunded: '退款金額',
    net: '淨額',
    courseOriginal: '本課程：原價',
    courseDiscount: '本課程：折扣',
    coursePaid: '本課程：實付金額',
    courseRefunded: '本課程：退款金額',
    courseNet: '本課程：淨額',
  },
  students: {
    name: '姓名',
    email: 'Email',
    tags: '標籤',
    courses: '課程',
    lastActive: '最近上線（{{zone}}）',
    joined: '加入時間（{{zone}}）',
    stalled: '停滯的課程',
  },
  activity: {
    time: '時間',
    timeUtc: '時間（UTC）',
    change: '變更',
    result: '結果',
    detail: '說明',
    recordType: '資料類型',
    recordId: '資料 ID',
    record: '資料',
  },
};
