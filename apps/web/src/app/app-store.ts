import { COOKIE, getCookie, setCookie } from '../lib/cookies';
import { createStore } from '../lib/store';

export type Device = 'desktop' | 'mobile';
/** The original's four sizes, kept in the `size` cookie; antd has three, see antdSize(). */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];

/** Spec §9: below 992 px the layout is mobile. */
export const MOBILE_BREAKPOINT = 992;

export interface AppState {
  sidebarOpened: boolean;
  /** Mobile auto-close and first paint skip the slide animation. */
  withoutAnimation: boolean;
  device: Device;
  size: Size;
}

const isSize = (v: unknown): v is Size => SIZES.includes(v as Size);
const sizeCookie = getCookie(COOKIE.size);

export const appStore = createStore<AppState>({
  // S2: open unless the cookie says 0.
  sidebarOpened: getCookie(COOKIE.sidebarStatus) !== '0',
  withoutAnimation: false,
  device: 'desktop',
  size: isSize(sizeCookie) ? sizeCookie : 'small',
});

export function toggleSidebar() {
  const opened = !appStore.get().sidebarOpened;
  setCookie(COOKIE.sidebarStatus, opened ? '1' : '0');
  appStore.set({ sidebarOpened: opened, withoutAnimation: false });
}

export function closeSidebar(withoutAnimation: boolean) {
  setCookie(COOKIE.sidebarStatus, '0');
  appStore.set({ sidebarOpened: false, withoutAnimation });
}

export function setDevice(device: Device) {
  appStore.set({ device });
}

export function setSize(size: Size) {
  setCookie(COOKIE.size, size, 365);
  appStore.set({ size });
}

/** Maps the four sizes onto antd's three; mini is small with the compact algorithm. */
export function antdSize(size: Size): { componentSize: 'large' | 'middle' | 'small'; compact: boolean } {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false };
    case 'medium':
      return { componentSize: 'middle', compact: false };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
  }
}
