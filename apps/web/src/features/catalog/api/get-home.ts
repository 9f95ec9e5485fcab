import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { pageDataAnswer } from '../../../lib/page-data';

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

/**
 * `GET home-page/hero-settings` and `GET home-page/landing-features`. Both start from the page's HTML when it
 * holds them (decision 044): the hero's title and the features rendered one render after the rest moved the
 * landing's content (decision 175).
 */
export const useHeroSettings = () =>
  useQuery({
    queryKey: ['home', 'hero'],
    queryFn: () => api.get<HeroSettings>('home-page/hero-settings'),
    initialData: () => pageDataAnswer<HeroSettings>('home-page/hero-settings'),
    staleTime: 5 * 60_000,
  });
export const useLandingFeatures = () =>
  useQuery({
    queryKey: ['home', 'features'],
    queryFn: () => api.get<{ items: LandingFeature[] }>('home-page/landing-features'),
    initialData: () => pageDataAnswer<{ items: LandingFeature[] }>('home-page/landing-features'),
    staleTime: 5 * 60_000,
  });
