// The epoch ms of a UTC date and time given as its fields, by arithmetic: what reading toISOString's form
// ("2026-11-27T08:00:00.000Z") comes to once its digits are read, from a string (the order columns) or from a
// page's bytes (the platform adapter's scan). NaN for fields out of range (24:00, a 30th of February, a digit
// that was not one: -1), which Date.parse would roll over into another day.
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAY_MS = 86_400_000;

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

export function civilMs(year: number, month: number, day: number, hours: number, minutes: number, seconds: number, ms: number): number {
  if (year < 0 || month < 1 || month > 12 || day < 1 || hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59 || ms < 0) return NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS[month - 1]!)) return NaN;
  return daysFromCivil(year, month, day) * DAY_MS + ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;
}
