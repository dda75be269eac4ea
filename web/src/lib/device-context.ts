import { createContext, useContext } from 'react';
import type { Device } from './device';

/** The template in use, decided once by the layout switch so every call agrees with the screen. */
export const DeviceContext = createContext<Device>('desktop');

export function useDevice(): Device {
  return useContext(DeviceContext);
}
