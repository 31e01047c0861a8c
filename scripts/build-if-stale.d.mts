/** Build the web app and the compiled server when missing or older than their sources; exits on failure. */
export function buildIfStale(): void;
