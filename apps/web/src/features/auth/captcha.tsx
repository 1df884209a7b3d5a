import { useEffect, useRef } from 'react';

/** A new 4-digit code. */
export function randomCode(): string {
  return String(Math.floor(Math.random() * 10000)).padStart(4, '0');
}

/**
 * The login verification code, drawn in the browser as in the original (original-api.md §3): it slows
 * casual scripted guessing but is not a security control — the server locks accounts on its own. The
 * code is exposed in `data-code` on purpose: it is client-side only either way, and the browser
 * tests read it there instead of needing a weakened build.
 */
export function Captcha({ code, onRefresh, title }: { code: string; onRefresh: () => void; title: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (!ctx) return;
    const { width, height } = ctx.canvas;
    const rand = (min: number, max: number) => Math.floor(Math.random() * (max - min)) + min;
    const color = (min: number, max: number) => `rgb(${rand(min, max)},${rand(min, max)},${rand(min, max)})`;
    ctx.fillStyle = color(200, 245);
    ctx.fillRect(0, 0, width, height);
    ctx.textBaseline = 'middle';
    [...code].forEach((digit, i) => {
      ctx.save();
      ctx.font = `bold ${rand(22, 28)}px sans-serif`;
      ctx.fillStyle = color(30, 140);
      ctx.translate(14 + i * 22, height / 2 + rand(-4, 4));
      ctx.rotate((rand(-25, 25) * Math.PI) / 180);
      ctx.fillText(digit, 0, 0);
      ctx.restore();
    });
    for (let i = 0; i < 4; i++) {
      ctx.strokeStyle = color(100, 200);
      ctx.beginPath();
      ctx.moveTo(rand(0, width), rand(0, height));
      ctx.lineTo(rand(0, width), rand(0, height));
      ctx.stroke();
    }
    for (let i = 0; i < 30; i++) {
      ctx.fillStyle = color(0, 255);
      ctx.beginPath();
      ctx.arc(rand(0, width), rand(0, height), 1, 0, 2 * Math.PI);
      ctx.fill();
    }
  }, [code]);

  return (
    <canvas
      ref={ref}
      className="login-captcha"
      width={100}
      height={38}
      data-code={code}
      data-testid="captcha"
      title={title}
      onClick={onRefresh}
      style={{ cursor: 'pointer' }}
    />
  );
}
