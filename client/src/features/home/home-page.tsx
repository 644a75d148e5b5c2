import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PauseIcon, PlayIcon } from "../../components/ui/icons.tsx";
import { gameArt } from "../../lib/game-art.ts";
import { GAMES, GamesList } from "../games/games-list.tsx";
import "./home.css";

const SLIDE_MS = 5_000;

/**
 * Home: the hero slider (a slide per game, every 5 s, Play Now; the page's one h1 names the site, each
 * slide an h2 beside its game's art; the slides can be paused) and the games list. The first
 * slide's art is the page's largest paint: it is fetched first.
 */
export function HomePage() {
  const { t } = useTranslation();
  const [slide, setSlide] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setSlide((current) => (current + 1) % GAMES.length), SLIDE_MS);
    return () => clearInterval(timer);
  }, [paused]);
  return (
    <main>
      <h1 className="visually-hidden">{t("home.title")}</h1>
      <section className="hero" aria-roledescription="carousel" aria-label={t("home.featured")}>
        {GAMES.map(({ key, slug }, index) => (
          <div
            key={key}
            className={`hero-slide hero-${key} ${index === slide ? "is-active" : ""}`}
            aria-hidden={index !== slide}
          >
            <img
              className="hero-art"
              src={gameArt(slug)}
              alt=""
              width={480}
              height={360}
              decoding="async"
              fetchPriority={index === 0 ? "high" : "low"}
            />
            <div className="hero-text">
              <h2>{t(`home.slides.${key}.title`)}</h2>
              <p>{t(`home.slides.${key}.text`)}</p>
              <a className="button" href="#games" tabIndex={index === slide ? 0 : -1}>
                {t("home.playNow")}
              </a>
            </div>
          </div>
        ))}
        <div className="hero-dots">
          <button
            type="button"
            className="hero-pause"
            aria-label={paused ? t("home.resume") : t("home.pause")}
            onClick={() => setPaused(!paused)}
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          {GAMES.map(({ key }, index) => (
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
