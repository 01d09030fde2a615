# syntax=docker/dockerfile:1
# tavolo: build a virtualenv from the locked versions and the project's own files, then copy it
# into a slim runtime image.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/tavolo
WORKDIR /src
# The exact versions of requirements/app.txt first (a layer that changes only with the lock),
# then the project itself without resolving anything again.
COPY requirements/app.txt ./requirements/app.txt
RUN /opt/tavolo/bin/pip install --upgrade pip && /opt/tavolo/bin/pip install -r requirements/app.txt
COPY pyproject.toml setup.cfg README.md ./
COPY domain ./domain
COPY application ./application
COPY adapters ./adapters
COPY entrypoints ./entrypoints
COPY migrations ./migrations
RUN /opt/tavolo/bin/pip install --no-deps .

FROM python:3.11-slim AS runtime
ENV PATH=/opt/tavolo/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    APP_HOST=0.0.0.0 \
    APP_PORT=8080
RUN groupadd --system tavolo && useradd --system --gid tavolo --home-dir /var/lib/tavolo --create-home tavolo
COPY --from=build /opt/tavolo /opt/tavolo
WORKDIR /var/lib/tavolo
USER tavolo
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/api/health' % os.environ.get('APP_PORT', '8080'), timeout=2)"]
CMD ["tavolo", "serve"]
