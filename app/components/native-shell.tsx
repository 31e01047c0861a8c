import { useNavigate, useRevalidator } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isNativeShell } from '../native/detect';

/** Rendered only inside the shell, so a browser never fetches it. */
const NativeParts = lazy(() => import('./native-parts').then((module) => ({ default: module.NativeParts })));

/**
 * Everything the Capacitor shell adds to the web app (docs/native.md), mounted once in the
 * root. In a plain browser it renders nothing and imports nothing: the native modules
 * (Capacitor plugins, the OneSignal SDK) are separate chunks fetched only inside the shell.
 */
export function NativeShell({ push }: { push: { appId: string } | null }) {
  const [native, setNative] = useState(false);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const hooks = useRef({ navigate, revalidate });
  hooks.current = { navigate, revalidate };

  useEffect(() => {
    if (!isNativeShell()) return;
    setNative(true);
    void import('../native/shell.client').then(({ startShell }) =>
      startShell({ back: () => hooks.current.navigate(-1), revalidate: () => hooks.current.revalidate() }),
    );
  }, []);

  return native ? (
    <Suspense fallback={null}>
      <NativeParts appId={push?.appId ?? null} onOpen={(link) => hooks.current.navigate(link)} />
    </Suspense>
  ) : null;
}
