import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';

function Two() {
  const [a, setA] = useState(true);
  const [b, setB] = useState(true);
  return (
    <>
      <Modal open={a} onClose={() => setA(false)} testId="first" title="First">
        one
      </Modal>
      <Modal open={b} onClose={() => setB(false)} testId="second" title="Second">
        two
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled dialog that locks the page scroll', () => {
    render(<Two />);
    const dialog = screen.getByTestId('first');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('First');
    expect(document.body.classList.contains('modal-open')).toBe(true);
  });

  it('Escape closes the top modal only, then the next', () => {
    render(<Two />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('second')).toBeNull();
    expect(screen.getByTestId('first')).toBeTruthy();
    expect(document.body.classList.contains('modal-open')).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('first')).toBeNull();
    expect(document.body.classList.contains('modal-open')).toBe(false);
  });

  it('closes on a backdrop click, not on a click inside', () => {
    render(<Two />);
    fireEvent.mouseDown(screen.getByTestId('second'));
    expect(screen.getByTestId('second')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('second').parentElement!);
    expect(screen.queryByTestId('second')).toBeNull();
  });
});
