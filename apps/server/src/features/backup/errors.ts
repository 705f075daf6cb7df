/** A backup or restore that cannot go on; its message is for the person at the terminal. */
export class BackupError extends Error {}
