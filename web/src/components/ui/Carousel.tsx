import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { ChevronLeft, ChevronRight } from './icons';
import './carousel.css';

interface CarouselProps {
  slides: readonly ReactNode[];
  autoplayMs?: number;
  testId?: string;
  className?: string;
  arrows?: boolean;
}

export function Carousel({ slides, autoplayMs = 5000, testId, className, arrows = true }: CarouselProps) {
  const { t } = useTranslation();
  const [viewport, api] = useEmblaCarousel({ loop: slides.length > 1, align: 'center' });
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  // With reduced motion a slide change jumps: no sliding, here or on the arrows and dots.
  const jump = useReducedMotion();

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  useEffect(() => {
    if (!api || paused || slides.length < 2 || !autoplayMs) return;
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible') api.scrollNext(jump);
    }, autoplayMs);
    return () => window.clearInterval(id);
  }, [api, paused, slides.length, autoplayMs, jump]);

  const go = useCallback((i: number) => api?.scrollTo(i, jump), [api, jump]);

  return (
    <section
      className={`carousel ${className ?? ''}`}
      data-testid={testId}
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="carousel__viewport" ref={viewport}>
        <div className="carousel__track">
          {slides.map((slide, i) => (
            <div className="carousel__slide" key={i} role="group" aria-roledescription="slide" aria-label={`${i + 1} / ${slides.length}`}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      {arrows && slides.length > 1 && (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" onClick={() => api?.scrollPrev(jump)} aria-label={t('previous')}>
            <ChevronLeft />
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" onClick={() => api?.scrollNext(jump)} aria-label={t('next')}>
            <ChevronRight />
          </button>
        </>
      )}
      {slides.length > 1 && (
        <div className="carousel__dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={`carousel__dot${i === selected ? ' is-active' : ''}`}
              aria-label={`${i + 1}`}
              aria-current={i === selected}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
