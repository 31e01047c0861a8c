import { HelpPanel } from '#app/components/help-panel';
import { NotificationsPanel } from '#app/components/notifications-panel';
import { VersionDialog } from '#app/components/version-dialog';

/**
 * The dashboard shell's parts that load after the page (`deferred`, app/components/deferred.tsx):
 * the drawers' panels, hidden until opened, and the version dialog, shown only to an outdated
 * native app. The server renders them from these static imports, which the browser's build never sees.
 */
export const eagerShellParts = {
  'help-panel': HelpPanel,
  'notifications-panel': NotificationsPanel,
  'version-dialog': VersionDialog,
};
