import { PNG } from 'pngjs';

/** Characters a captcha may contain: no 0/O, 1/I/L, 2/Z, 5/S or 8/B pairs a human could confuse. */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 60;

type Point = readonly [number, number];
type Stroke = readonly Point[];
type Rgb = readonly [number, number, number];

/** Points on an elliptic arc in glyph space (y grows downwards, angles counter-clockwise). */
function arc(cx: number, cy: number, rx: number, ry: number, fromDeg: number, toDeg: number, steps: number): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((fromDeg + ((toDeg - fromDeg) * i) / steps) * Math.PI) / 180;
    points.push([cx + rx * Math.cos(a), cy - ry * Math.sin(a)]);
  }
  return points;
}

const P_BOWL: Point[] = [[0.1, 1], [0.1, 0], [0.5, 0], ...arc(0.5, 0.27, 0.4, 0.27, 90, -90, 10), [0.1, 0.54]];
const SIX: Stroke[] = [arc(0.85, 0.7, 0.75, 0.7, 110, 180, 8), arc(0.5, 0.7, 0.4, 0.3, 0, 360, 20)];

/** A small stroke font: each glyph is a set of polylines in a unit box. */
const GLYPHS: Record<string, readonly Stroke[]> = {
  A: [
    [
      [0.05, 1],
      [0.5, 0],
      [0.95, 1],
    ],
    [
      [0.25, 0.62],
      [0.75, 0.62],
    ],
  ],
  C: [arc(0.55, 0.5, 0.45, 0.5, 45, 315, 16)],
  D: [
    [
      [0.1, 0],
      [0.1, 1],
    ],
    [[0.1, 0], [0.45, 0], ...arc(0.45, 0.5, 0.45, 0.5, 90, -90, 14), [0.1, 1]],
  ],
  E: [
    [
      [0.9, 0],
      [0.1, 0],
      [0.1, 1],
      [0.9, 1],
    ],
    [
      [0.1, 0.5],
      [0.7, 0.5],
    ],
  ],
  F: [
    [
      [0.9, 0],
      [0.1, 0],
      [0.1, 1],
    ],
    [
      [0.1, 0.5],
      [0.7, 0.5],
    ],
  ],
  G: [[...arc(0.55, 0.5, 0.45, 0.5, 45, 360, 18), [0.6, 0.5]]],
  H: [
    [
      [0.1, 0],
      [0.1, 1],
    ],
    [
      [0.9, 0],
      [0.9, 1],
    ],
    [
      [0.1, 0.5],
      [0.9, 0.5],
    ],
  ],
  J: [
    [
      [0.35, 0],
      [0.95, 0],
    ],
    [[0.75, 0], [0.75, 0.65], ...arc(0.45, 0.65, 0.3, 0.35, 0, -180, 10)],
  ],
  K: [
    [
      [0.1, 0],
      [0.1, 1],
    ],
    [
      [0.9, 0],
      [0.1, 0.62],
    ],
    [
      [0.38, 0.42],
      [0.92, 1],
    ],
  ],
  M: [
    [
      [0.05, 1],
      [0.12, 0],
      [0.5, 0.65],
      [0.88, 0],
      [0.95, 1],
    ],
  ],
  N: [
    [
      [0.1, 1],
      [0.1, 0],
      [0.9, 1],
      [0.9, 0],
    ],
  ],
  P: [P_BOWL],
  Q: [
    arc(0.5, 0.48, 0.45, 0.48, 0, 360, 24),
    [
      [0.55, 0.7],
      [0.95, 1.02],
    ],
  ],
  R: [
    P_BOWL,
    [
      [0.45, 0.54],
      [0.92, 1],
    ],
  ],
  T: [
    [
      [0.05, 0],
      [0.95, 0],
    ],
    [
      [0.5, 0],
      [0.5, 1],
    ],
  ],
  U: [[[0.1, 0], [0.1, 0.6], ...arc(0.5, 0.6, 0.4, 0.4, 180, 360, 12), [0.9, 0]]],
  V: [
    [
      [0.05, 0],
      [0.5, 1],
      [0.95, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [0.25, 1],
      [0.5, 0.35],
      [0.75, 1],
      [1, 0],
    ],
  ],
  X: [
    [
      [0.1, 0],
      [0.9, 1],
    ],
    [
      [0.9, 0],
      [0.1, 1],
    ],
  ],
  Y: [
    [
      [0.05, 0],
      [0.5, 0.5],
      [0.95, 0],
    ],
    [
      [0.5, 0.5],
      [0.5, 1],
    ],
  ],
  '3': [[...arc(0.5, 0.25, 0.38, 0.25, 150, -90, 12), ...arc(0.5, 0.75, 0.42, 0.25, 90, -150, 12)]],
  '4': [
    [
      [0.72, 1],
      [0.72, 0],
      [0.05, 0.7],
      [0.95, 0.7],
    ],
  ],
  '6': SIX,
  '7': [
    [
      [0.05, 0],
      [0.95, 0],
      [0.4, 1],
    ],
  ],
  // A nine is a six turned upside down.
  '9': SIX.map((stroke) => stroke.map(([x, y]): Point => [1 - x, 1 - y])),
};

/** A canvas of RGB pixels plus a scratch coverage layer for anti-aliased strokes. */
class Canvas {
  readonly rgb: Float32Array;
  private readonly cover: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Float32Array(width * height * 3);
    this.cover = new Float32Array(width * height);
  }

  fill(top: Rgb, bottom: Rgb) {
    for (let y = 0; y < this.height; y++) {
      const t = y / (this.height - 1);
      for (let x = 0; x < this.width; x++) {
        const i = (y * this.width + x) * 3;
        for (let c = 0; c < 3; c++) this.rgb[i + c] = top[c]! + (bottom[c]! - top[c]!) * t;
      }
    }
  }

  /** Add a thick segment to the coverage layer; overlapping segments take the max, not the sum. */
  segment(a: Point, b: Point, halfWidth: number) {
    const [ax, ay] = a;
    const [bx, by] = b;
    const pad = halfWidth + 1;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - pad));
    const x1 = Math.min(this.width - 1, Math.ceil(Math.max(ax, bx) + pad));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - pad));
    const y1 = Math.min(this.height - 1, Math.ceil(Math.max(ay, by) + pad));
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1e-9;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        const d = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
        const coverage = Math.max(0, Math.min(1, halfWidth + 0.5 - d));
        const i = y * this.width + x;
        if (coverage > this.cover[i]!) this.cover[i] = coverage;
      }
    }
  }

  /** Paint the coverage layer in one colour, then clear it. */
  composite(color: Rgb, opacity = 1) {
    for (let i = 0; i < this.cover.length; i++) {
      const alpha = this.cover[i]! * opacity;
      if (alpha <= 0) continue;
      for (let c = 0; c < 3; c++) {
        const j = i * 3 + c;
        this.rgb[j] = this.rgb[j]! * (1 - alpha) + color[c]! * alpha;
      }
      this.cover[i] = 0;
    }
  }

  dot(x: number, y: number, color: Rgb) {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    if (xi < 0 || yi < 0 || xi >= this.width || yi >= this.height) return;
    const i = (yi * this.width + xi) * 3;
    for (let c = 0; c < 3; c++) this.rgb[i + c] = color[c]!;
  }

  toPng(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    for (let i = 0; i < this.width * this.height; i++) {
      for (let c = 0; c < 3; c++) png.data[i * 4 + c] = Math.round(Math.max(0, Math.min(255, this.rgb[i * 3 + c]!)));
      png.data[i * 4 + 3] = 255;
    }
    return PNG.sync.write(png);
  }
}

/**
 * Draw a captcha image of `text` (characters of CAPTCHA_ALPHABET) as a PNG: each character is
 * scaled, rotated and jittered, the whole picture is warped by two sine waves, and thin noise
 * curves and dots are laid over it. `random` is only for looks; the answer comes from the caller.
 */
export function drawCaptchaPng(text: string, random: () => number = Math.random): Buffer {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const between = (lo: number, hi: number) => lo + (hi - lo) * random();
  const color = (lo: number, hi: number): Rgb => [between(lo, hi), between(lo, hi), between(lo, hi)];

  const canvas = new Canvas(W, H);
  canvas.fill(color(225, 250), color(225, 250));

  // Background speckle first, so it sits under the characters.
  for (let i = 0; i < 140; i++) canvas.dot(between(0, W), between(0, H), color(120, 220));

  const warp = {
    ax: between(1, 2.5),
    px: between(9, 14),
    fx: between(0, Math.PI * 2),
    ay: between(2.5, 4),
    py: between(14, 22),
    fy: between(0, Math.PI * 2),
  };
  const warpPoint = ([x, y]: Point): Point => [
    x + warp.ax * Math.sin(y / warp.px + warp.fx),
    y + warp.ay * Math.sin(x / warp.py + warp.fy),
  ];

  const margin = 12;
  const cell = (W - 2 * margin) / Math.max(1, text.length);
  [...text].forEach((ch, index) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`no glyph for ${ch}`);
    const h = between(28, 34);
    const w = h * between(0.55, 0.7);
    const angle = between(-0.35, 0.35);
    const shear = between(-0.2, 0.2);
    const cx = margin + cell * (index + 0.5) + between(-2, 2);
    const cy = H / 2 + between(-5, 5);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const place = ([u, v]: Point): Point => {
      const lx = (u - 0.5) * w + shear * (v - 0.5) * h;
      const ly = (v - 0.5) * h;
      return warpPoint([cx + lx * cos - ly * sin, cy + lx * sin + ly * cos]);
    };
    const halfWidth = between(1.5, 2);
    for (const stroke of glyph) {
      for (let s = 0; s + 1 < stroke.length; s++) {
        const a = stroke[s]!;
        const b = stroke[s + 1]!;
        // Subdivide so the warp bends straight strokes.
        const steps = Math.max(1, Math.ceil(Math.hypot((b[0] - a[0]) * w, (b[1] - a[1]) * h) / 2));
        let prev = place(a);
        for (let k = 1; k <= steps; k++) {
          const t = k / steps;
          const next = place([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
          canvas.segment(prev, next, halfWidth);
          prev = next;
        }
      }
    }
    canvas.composite(color(15, 110));
  });

  // Thin noise curves across the text: thinner and lighter than the characters, so a human still reads it.
  const curves = 4 + Math.floor(random() * 3);
  for (let n = 0; n < curves; n++) {
    const y0 = between(5, H - 5);
    const y1 = between(5, H - 5);
    const bend = between(-18, 18);
    let prev: Point = [0, y0];
    for (let x = 4; x <= W; x += 4) {
      const t = x / W;
      const next: Point = [x, y0 + (y1 - y0) * t + bend * Math.sin(Math.PI * t)];
      canvas.segment(prev, next, between(0.45, 0.8));
      prev = next;
    }
    canvas.composite(color(60, 170), 0.85);
  }

  for (let i = 0; i < 90; i++) canvas.dot(between(0, W), between(0, H), color(40, 200));
  return canvas.toPng();
}

/** The PNG as a data URL, the form the captcha call returns. */
export function drawCaptchaDataUrl(text: string, random?: () => number): string {
  return `data:image/png;base64,${drawCaptchaPng(text, random).toString('base64')}`;
}
