import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export interface HeroSettings {
  titleEn: string;
  titleFr: string;
  subtitleEn: string;
  subtitleFr: string;
  ctaLabelEn: string;
  ctaLabelFr: string;
  ctaPath: string;
  imageUrl: string;
}
export interface LandingFeature {
  id: string;
  icon: string;
  titleEn: string;
  titleFr: string;
  bodyEn: string;
  bodyFr: string;
}

/** `GET home-page/hero-settings` and `GET home-page/landing-features`. */
export const useHeroSettings = () =>
  useQuery({
    queryKey: ['home', 'hero'],
    queryFn: () => api.get<HeroSettings>('home-page/hero-settings'),
    staleTime: 5 * 60_000,
  });
export const useLandingFeatures = () =>
  useQuery({
    queryKey: ['home', 'features'],
    queryFn: () => api.get<{ items: LandingFeature[] }>('home-page/landing-features'),
    staleTime: 5 * 60_000,
  });
