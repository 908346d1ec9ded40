CREATE TABLE "home_slides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "hot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Today's home page (decision record 036): the same pictures, titles and order, published.
INSERT INTO "home_slides" ("draft", "published", "published_at")
SELECT "content", "content", now() FROM (VALUES
  ('{"section": "banner", "title": "Lễ hội Trứng Vàng mùa hè", "image": "/home/banners/banner-1.webp", "mobileImage": null, "link": null, "sortOrder": 0, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "banner", "title": "Khám phá Vùng Đất Mây", "image": "/home/banners/banner-2.webp", "mobileImage": null, "link": null, "sortOrder": 10, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "banner", "title": "Đua Top Đập Trứng", "image": "/home/banners/banner-3.webp", "mobileImage": null, "link": null, "sortOrder": 20, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "banner", "title": "Bộ sưu tập Rồng Lửa", "image": "/home/banners/banner-4.webp", "mobileImage": null, "link": null, "sortOrder": 30, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "news", "title": "Lễ hội Trứng Vàng", "image": "/news/slider-1.webp", "mobileImage": null, "link": null, "sortOrder": 0, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "news", "title": "Vùng Đất Mây", "image": "/news/slider-2.webp", "mobileImage": null, "link": null, "sortOrder": 10, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "news", "title": "Bảo trì và cập nhật", "image": "/news/slider-3.webp", "mobileImage": null, "link": null, "sortOrder": 20, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "collection", "title": "Rồng Cam Lửa Nhỏ", "image": "/home/collection/item-1.webp", "mobileImage": null, "link": null, "sortOrder": 0, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "collection", "title": "Mèo Tím Mộng Mơ", "image": "/home/collection/item-2.webp", "mobileImage": null, "link": null, "sortOrder": 10, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "collection", "title": "Chim Xanh Gió Biển", "image": "/home/collection/item-3.webp", "mobileImage": null, "link": null, "sortOrder": 20, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "collection", "title": "Thỏ Hồng Kẹo Bông", "image": "/home/collection/item-4.webp", "mobileImage": null, "link": null, "sortOrder": 30, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "collection", "title": "Tinh Linh Lửa", "image": "/home/collection/item-5.webp", "mobileImage": null, "link": null, "sortOrder": 40, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "collection", "title": "Slime Lá Non", "image": "/home/collection/item-6.webp", "mobileImage": null, "link": null, "sortOrder": 50, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "collection", "title": "Sao Vàng May Mắn", "image": "/home/collection/item-7.webp", "mobileImage": null, "link": null, "sortOrder": 60, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "character", "title": "Vua Trứng Bảo", "image": "/home/characters/character-1.webp", "mobileImage": null, "link": null, "sortOrder": 0, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "character", "title": "Pháp Sư Lam", "image": "/home/characters/character-2.webp", "mobileImage": null, "link": null, "sortOrder": 10, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "character", "title": "Hiệp Sĩ Thép", "image": "/home/characters/character-3.webp", "mobileImage": null, "link": null, "sortOrder": 20, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "character", "title": "Miu Miu", "image": "/home/characters/character-4.webp", "mobileImage": null, "link": null, "sortOrder": 30, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "character", "title": "Hải Tặc Cam", "image": "/home/characters/character-5.webp", "mobileImage": null, "link": null, "sortOrder": 40, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "character", "title": "Lá Xanh", "image": "/home/characters/character-6.webp", "mobileImage": null, "link": null, "sortOrder": 50, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "character", "title": "Quỷ Nhỏ Sừng Ngà", "image": "/home/characters/character-7.webp", "mobileImage": null, "link": null, "sortOrder": 60, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "feature", "title": "Đập trứng săn thú", "image": "/home/features/feature-1.webp", "mobileImage": null, "link": null, "sortOrder": 0, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "feature", "title": "Tiến hóa thú cưng", "image": "/home/features/feature-2.webp", "mobileImage": null, "link": null, "sortOrder": 10, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "feature", "title": "Chiến đấu bang hội", "image": "/home/features/feature-3.webp", "mobileImage": null, "link": null, "sortOrder": 20, "visibleFrom": null, "visibleUntil": null}'::jsonb),
  ('{"section": "feature", "title": "Phiêu lưu bốn phương", "image": "/home/features/feature-4.webp", "mobileImage": null, "link": null, "sortOrder": 30, "visibleFrom": null, "visibleUntil": null}'::jsonb)
) AS seed("content");