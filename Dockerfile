# A small image with wave and ffmpeg (for -o x.mp4 / x.webm); WebP through libwebp.
#   docker build -t wave .
#   docker run --rm -v "$PWD:/work" wave render scene.wave -o scene.mp4
# The Swift runtime is linked in statically, so the final stage is Debian slim plus the
# C libraries wave loads (FreeType, fontconfig, readline, zlib, libwebp) and one font.

FROM swift:6.3-bookworm AS build
# Debian's stable packages, not pinned: a pin breaks at the next point release.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends pkg-config zlib1g-dev libfreetype-dev libfontconfig-dev libreadline-dev libwebp-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources Sources
COPY Tests Tests
RUN swift build -c release --product wave --static-swift-stdlib \
 && install -D -m 755 .build/release/wave /out/wave \
 && strip /out/wave

FROM debian:bookworm-slim
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libfreetype6 libfontconfig1 libreadline8 zlib1g libwebp7 libwebpmux3 fonts-dejavu-core ffmpeg \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/wave /usr/local/bin/wave
WORKDIR /work
ENTRYPOINT ["wave"]
CMD ["--help"]
