export declare const LAUNCH_FILE_TTL_MS: number;
export declare function writeLaunchFile(url: string, options?: { dir?: string; ttlMs?: number }): Promise<{ path: string; remove(): Promise<void> }>;
