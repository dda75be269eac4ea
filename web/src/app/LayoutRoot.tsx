import { useEffect, useState, type ReactNode } from 'react';
import { deviceForWidth, RESIZE_DEBOUNCE_MS, type Device } from '@/lib/device';
import { DeviceContext } from '@/lib/device-context';

/** Desktop at >= 992 px; recomputed after the window has stopped resizing for 1000 ms. */
export function useLayoutDevice(): Device {
  const [device, setDevice] = useState<Device>(() => deviceForWidth(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setDevice(deviceForWidth(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return device;
}

export function LayoutRoot({ children }: { children: ReactNode }) {
  const device = useLayoutDevice();
  return (
    <DeviceContext.Provider value={device}>
      <div className={`app app--${device}`} data-testid={`layout-${device}`}>
        {children}
      </div>
    </DeviceContext.Provider>
  );
}
