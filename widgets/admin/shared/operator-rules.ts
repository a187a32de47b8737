/** The server's rules for an operator's name and password (server/operators/operator.schemas.ts), checked here first so a slip is named at once. */
export const operatorUsernamePattern = /^[A-Za-z0-9_.-]{3,40}$/;
export const operatorPasswordPattern = /^(?=.*[a-z])(?=.*[0-9])[a-z0-9_]{12,64}$/;
