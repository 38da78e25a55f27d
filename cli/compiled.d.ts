/** Types of compiled.js (plain JavaScript: bin.js loads it before tsx). */
export declare const CLI_DIST: string;
export declare const CLI_BUILD_INFO: string;
export declare function compiledCli(root: string): { entry: string } | { reason: string };
