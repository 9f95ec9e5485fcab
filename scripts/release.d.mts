/** Types of scripts/release.mjs (decision 309), for the tests that import it. */
export declare const startEntry: string;
export declare const migrateEntry: string;
export declare function releaseVersion(): string;
export declare function defaultReleaseDir(): string;
export declare function productionPackages(): string[];
export declare function makeRelease(out?: string): string;
export declare const backupEntry: string;
