import { systemItemRouter } from './system-items';

/** businesses/smses/... and businesses/forms/...: list, get, delete, restore (calls add their recording: resources/calls). */
export const smsesRouter = systemItemRouter('sms');
export const formsRouter = systemItemRouter('form');
