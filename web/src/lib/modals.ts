// The one open modal of the page and the registry of modal components. Each
// feature registers its own modals (registerModal in its modals.ts, imported
// by its index) and declares their names and data by augmenting
// ModalRegistry, so adding a modal never edits this file or the host.
import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import { createStore } from './events';

/**
 * Modal name -> the data it opens with. Empty here; features add to it:
 *   declare module '@/lib/modals' { interface ModalRegistry { news: undefined } }
 */
export interface ModalRegistry {}

export type ModalName = keyof ModalRegistry & string;

/** What every registered modal gets from the host. */
export interface ModalProps<D = undefined> {
  data?: D;
  onClose: () => void;
}

type Loader<N extends ModalName> = () => Promise<{ default: ComponentType<ModalProps<ModalRegistry[N]>> }>;

interface Entry {
  load: () => Promise<unknown>;
  Component: LazyExoticComponent<ComponentType<ModalProps<unknown>>>;
}

const registry = new Map<string, Entry>();

/** Registers a modal; its code loads when it is first opened (or preloaded). */
export function registerModal<N extends ModalName>(name: N, load: Loader<N>): void {
  if (registry.has(name)) return;
  registry.set(name, { load, Component: lazy(load as unknown as () => Promise<{ default: ComponentType<ModalProps<unknown>> }>) });
}

/** The registered component of a modal, for the host. */
export function modalComponent(name: string): Entry['Component'] | undefined {
  return registry.get(name)?.Component;
}

/** Starts loading a modal's code, so opening it later shows no gap. */
export function preloadModal(name: ModalName): void {
  void registry.get(name)?.load().catch(() => undefined);
}

export const modalStore = createStore<ModalName | null>(null);

/** What the open modal was opened with (the double-validation question, the recovery account ...). */
export const modalDataStore = createStore<unknown>(undefined);

export function openModal<N extends ModalName>(name: N, ...data: ModalRegistry[N] extends undefined ? [] : [ModalRegistry[N]]): void {
  modalDataStore.set(data[0]);
  modalStore.set(name);
}

export function closeModal(): void {
  modalStore.set(null);
  modalDataStore.set(undefined);
}

export function useModalData<T>(): T | undefined {
  return useSyncExternalStore(modalDataStore.subscribe, modalDataStore.get, modalDataStore.get) as T | undefined;
}

export function useOpenModal(): ModalName | null {
  return useSyncExternalStore(modalStore.subscribe, modalStore.get, modalStore.get);
}
