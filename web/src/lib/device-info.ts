// Device info of the login payload (spec section 3): remote_addr, host,
// device, system_group, udid (native apps only), login_type, cdn, system,
// browser, system_version. Device ids (section 9): desktop 0, mobile 1, app 2;
// device types web, ios, iosStore, android, notSupport.
import { request } from './api-client';
import { DEVICE_ID, deviceForWidth, isIOS } from './device';

export interface DeviceInfo {
  remote_addr: string;
  host: string;
  device: string;
  system_group: string;
  udid: string;
  login_type: string;
  cdn: string;
  system: string;
  browser: string;
  system_version: string;
}

interface NativeWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage?: (m: unknown) => void } | undefined> };
  Android?: Record<string, ((...a: unknown[]) => unknown) | undefined>;
}

export function nativeWindow(w: Window = window): NativeWindow {
  return w as unknown as NativeWindow;
}

/** web, ios or android: the wrappers expose their bridges on window. */
export function deviceType(w: Window = window): 'web' | 'ios' | 'android' {
  const n = nativeWindow(w);
  if (n.webkit?.messageHandlers && Object.keys(n.webkit.messageHandlers).length) return 'ios';
  if (n.Android) return 'android';
  return 'web';
}

export function parseUserAgent(ua: string): { system: string; systemVersion: string; browser: string } {
  let system = 'Unknown';
  let systemVersion = '';
  let m: RegExpMatchArray | null;
  if ((m = ua.match(/Android\s([\d.]+)/))) [system, systemVersion] = ['Android', m[1]];
  else if ((m = ua.match(/(?:iPhone|CPU) OS (\d+[_\d]*)/))) [system, systemVersion] = ['iOS', m[1].replace(/_/g, '.')];
  else if ((m = ua.match(/Windows NT ([\d.]+)/))) [system, systemVersion] = ['Windows', m[1]];
  else if ((m = ua.match(/Mac OS X (\d+[_.\d]*)/))) [system, systemVersion] = ['macOS', m[1].replace(/_/g, '.')];
  else if (/Linux/.test(ua)) system = 'Linux';
  let browser = 'Other';
  if (/Edg\//.test(ua)) browser = 'Edge';
  else if (/OPR\//.test(ua)) browser = 'Opera';
  else if (/Firefox\//.test(ua)) browser = 'Firefox';
  else if (/Chrome\/|CriOS\//.test(ua)) browser = 'Chrome';
  else if (/Safari\//.test(ua)) browser = 'Safari';
  return { system, systemVersion, browser };
}

let header: Promise<{ remote_addr: string; host: string }> | null = null;

/** /get_login_header, asked once per page. */
export function loginHeader(): Promise<{ remote_addr: string; host: string }> {
  header ??= request<{ remote_addr: string; host: string }>('/get_login_header', {}).catch(() => {
    header = null;
    return { remote_addr: '', host: window.location.host };
  });
  return header;
}

export function resetLoginHeader(): void {
  header = null;
}

export async function collectDeviceInfo(): Promise<DeviceInfo> {
  const h = await loginHeader();
  const type = deviceType();
  const ua = parseUserAgent(navigator.userAgent);
  const native = type !== 'web';
  const mobile = native || isIOS() || deviceForWidth(window.innerWidth) === 'mobile';
  const udid = native ? String(nativeWindow().Android?.getUdid?.() ?? '') : '';
  return {
    remote_addr: h.remote_addr ?? '',
    host: window.location.host,
    device: String(native ? DEVICE_ID.app : mobile ? DEVICE_ID.mobile : DEVICE_ID.desktop),
    system_group: type,
    udid,
    login_type: type,
    cdn: '',
    system: ua.system,
    browser: ua.browser,
    system_version: ua.systemVersion,
  };
}
