// The 繁體中文 catalogue: the same namespaces as ../en, each file typed against its English twin.
import type { en } from '../en';
import type { OneFormTranslation } from '../translation';
import { analytics } from './analytics';
import { charts } from './charts';
import { comments } from './comments';
import { common } from './common';
import { courses } from './courses';
import { engine } from './engine';
import { errors } from './errors';
import { events } from './events';
import { explorer } from './explorer';
import { exports } from './exports';
import { labels } from './labels';
import { main } from './main';
import { money } from './money';
import { orders } from './orders';
import { palette } from './palette';
import { people } from './people';
import { shell } from './shell';
import { students } from './students';
import { today } from './today';
import { writes } from './writes';

export const zhTW: { [Area in keyof typeof en]: OneFormTranslation<(typeof en)[Area]> } = { common, shell, errors, main, engine, exports, charts, labels, analytics, comments, courses, events, explorer, money, orders, palette, people, students, today, writes };
