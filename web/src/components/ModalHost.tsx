import { Suspense } from 'react';
import { closeModal, modalComponent, useModalData, useOpenModal } from '@/lib/modals';

/** Renders the open modal from the registry (lib/modals); none is on the first paint. */
export function ModalHost() {
  const name = useOpenModal();
  const data = useModalData<unknown>();
  const Component = name ? modalComponent(name) : undefined;
  if (!name || !Component) return null;
  return (
    <Suspense fallback={null}>
      <Component key={name} data={data} onClose={closeModal} />
    </Suspense>
  );
}
