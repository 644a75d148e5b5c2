import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { GamesList } from "../games/games-list.tsx";

const SLIDES = ["coinFlip", "spinWheel", "lottery"] as const;
const SLIDE_MS = 5_000;

/**
 * Home: the hero slider (3 slides, every 5 s, Play Now; the page's one h1 names the site, each
 * slide an h2; the slides can be paused) and the games list.
 */
export function HomePage() {
  const { t } = useTranslation();
  const [slide, setSlide] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setSlide((current) => (current + 1) % SLIDES.length), SLIDE_MS);
    return () => clearInterval(timer);
  }, [paused]);
  return (
    <main>
      <h1 className="visually-hidden">{t("home.title")}</h1>
      <section className="hero" aria-roledescription="carousel" aria-label={t("home.featured")}>
        {SLIDES.map((key, index) => (
          <div
            key={key}
            className={`hero-slide hero-${key} ${index === slide ? "is-active" : ""}`}
            aria-hidden={index !== slide}
          >
            <h2>{t(`home.slides.${key}.title`)}</h2>
            <p>{t(`home.slides.${key}.text`)}</p>
            <a className="button" href="#games" tabIndex={index === slide ? 0 : -1}>
              {t("home.playNow")}
            </a>
          </div>
        ))}
        <div className="hero-dots">
          <button
            type="button"
            className="hero-pause"
            aria-label={paused ? t("home.resume") : t("home.pause")}
            onClick={() => setPaused(!paused)}
          >
            {paused ? "▶" : "❚❚"}
          </button>
          {SLIDES.map((key, index) => (
            <button
              key={key}
              type="button"
              aria-label={t("home.showSlide", { number: index + 1 })}
              aria-current={index === slide}
              onClick={() => setSlide(index)}
            />
          ))}
        </div>
      </section>
      <GamesList id="games" mode="home" />
    </main>
  );
}
