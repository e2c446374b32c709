// Students stored as columns (400 000 of them at a million orders): names are indexes into the profile's
// name lists, so a Person is built only when one is served.
import type { StudentRecord } from '../../../shared/platform/resources';
import { EMAIL_DOMAINS, type SchoolProfile } from './profile';
import { iso } from './catalog';
import { rowId, rowOf } from './row-ids';

export class StudentStore {
  readonly first: Uint16Array;
  readonly last: Uint16Array;
  readonly domain: Uint8Array;
  readonly createdAt: Float64Array;
  readonly tagBits: Uint8Array;
  /** Tags written through PATCH /students/{id}: they replace the seeded ones. */
  readonly tagOverrides = new Map<number, string[]>();
  /** When a student was last changed through the API (epoch ms); without one, updated_at is created_at. */
  readonly updatedAt = new Map<number, number>();
  /** Lower-cased "name email" per student, built on the first search. */
  #searchText: string[] | null = null;

  constructor(readonly count: number, readonly no: number, private readonly profile: SchoolProfile) {
    this.first = new Uint16Array(count);
    this.last = new Uint16Array(count);
    this.domain = new Uint8Array(count);
    this.createdAt = new Float64Array(count).fill(NaN);
    this.tagBits = new Uint8Array(count);
  }

  id(i: number): string {
    return rowId('stu', this.no, i);
  }

  /** The index of a student id of this school, or -1. */
  indexOf(id: string): number {
    return rowOf(id, 'stu', this.no, this.count);
  }

  name(i: number): string {
    const first = this.profile.firstNames[this.first[i] as number]?.[0] ?? '';
    const last = this.profile.lastNames[this.last[i] as number]?.[0] ?? '';
    return this.profile.personName(first, last);
  }

  email(i: number): string {
    const first = this.profile.firstNames[this.first[i] as number]?.[1] ?? '';
    const last = this.profile.lastNames[this.last[i] as number]?.[1] ?? '';
    return `${first}.${last}${i + 1}@${EMAIL_DOMAINS[this.domain[i] as number]}`;
  }

  tags(i: number): string[] {
    const override = this.tagOverrides.get(i);
    if (override) return [...override];
    const bits = this.tagBits[i] as number;
    return this.profile.words.studentTags.filter((_, b) => bits & (1 << b));
  }

  person(i: number): StudentRecord {
    const created = this.createdAt[i] as number;
    return { id: this.id(i), name: this.name(i), email: this.email(i), created_at: iso(created), tags: this.tags(i), updated_at: iso(this.updatedAtMs(i)) };
  }

  updatedAtMs(i: number): number {
    return this.updatedAt.get(i) ?? (this.createdAt[i] as number);
  }

  searchText(i: number): string {
    if (!this.#searchText) {
      this.#searchText = new Array<string>(this.count);
      for (let s = 0; s < this.count; s++) this.#searchText[s] = `${this.name(s)} ${this.email(s)}`.toLowerCase();
    }
    return this.#searchText[i] as string;
  }
}
