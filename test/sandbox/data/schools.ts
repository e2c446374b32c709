// The demo platform's schools, in the order the consent page lists them and createDemoPlatform builds them
// (the first is the one tests and benchmarks sign in to by default).
import type { SchoolProfile } from './profile';
import { LUMEN } from './school-lumen';
import { SAKURA } from './school-sakura';
import { ZHIXING } from './school-zhixing';

export const SCHOOL_PROFILES: readonly SchoolProfile[] = [LUMEN, SAKURA, ZHIXING];
