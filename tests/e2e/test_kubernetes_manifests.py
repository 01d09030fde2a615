"""The Kubernetes manifests (deploy/kubernetes/) are valid and fit together, offline.

Every manifest is validated with kubernetes-validate, whose bundled JSON schemas need no network
and no cluster, against one pinned Kubernetes version, strictly (an unknown field fails). The
rest reads the YAML: the kustomization lists exactly the manifests, and the resources point at
each other (probes, ports, labels, names, the image, the settings) as they must.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import kubernetes_validate  # type: ignore[import-untyped]
import pytest
import yaml

from entrypoints.config import VARIABLES, load_settings

ROOT = Path(__file__).resolve().parents[2]
MANIFESTS = ROOT / "deploy" / "kubernetes"
KUSTOMIZATION = MANIFESTS / "kustomization.yaml"

# The Kubernetes release the manifests are written for: every API they use is GA there.
KUBERNETES_VERSION = "1.33"

# Seconds between the worker's own deadline and SIGKILL, at least.
SHUTDOWN_MARGIN_SECONDS = 5

WEBSOCKET_TIMEOUT_SECONDS = 3600
TIMEOUT_ANNOTATIONS = (
    "nginx.ingress.kubernetes.io/proxy-read-timeout",
    "nginx.ingress.kubernetes.io/proxy-send-timeout",
)

Resource = dict[str, Any]


def manifest_files() -> list[Path]:
    return sorted(path for path in MANIFESTS.glob("*.yaml") if path != KUSTOMIZATION)


def documents(path: Path) -> list[Resource]:
    return [doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc is not None]


def resources() -> list[Resource]:
    return [doc for path in manifest_files() for doc in documents(path)]


def the(kind: str) -> Resource:
    """The one resource of this kind."""
    found = [doc for doc in resources() if doc["kind"] == kind]
    assert len(found) == 1, f"expected one {kind}, found {len(found)}"
    return found[0]


def every(kind: str) -> list[Resource]:
    found = [doc for doc in resources() if doc["kind"] == kind]
    assert found, f"no {kind} in {MANIFESTS.relative_to(ROOT)}"
    return found


def named(kind: str, name: str) -> Resource:
    found = [doc for doc in resources() if doc["kind"] == kind and doc["metadata"]["name"] == name]
    assert found, f"no {kind} named {name!r} in {MANIFESTS.relative_to(ROOT)}"
    return found[0]


def server() -> Resource:
    """The Deployment of ``tavolo serve``."""
    return named("Deployment", "tavolo")


def computer_players() -> Resource:
    """The Deployment of ``tavolo computer-players``."""
    return named("Deployment", "tavolo-computer-players")


WORKLOADS = {"server": server, "computer-players": computer_players, "migration": lambda: the("Job")}


def pod_spec(workload: Resource) -> Resource:
    spec: Resource = workload["spec"]["template"]["spec"]
    return spec


def only_container(workload: Resource) -> Resource:
    containers = pod_spec(workload)["containers"]
    assert len(containers) == 1, f"{workload['kind']} should run one container"
    container: Resource = containers[0]
    return container


def pod_labels(workload: Resource) -> dict[str, str]:
    labels: dict[str, str] = workload["spec"]["template"]["metadata"]["labels"]
    return labels


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(key) == value for key, value in selector.items())


def settings_env() -> dict[str, str]:
    """The environment the ConfigMap and the Secret give the pods, by envFrom."""
    config = the("ConfigMap")
    secret = the("Secret")
    values = {**config.get("data", {}), **secret.get("stringData", {}), **secret.get("data", {})}
    return {str(key): str(value) for key, value in values.items()}


def env_sources(container: Resource) -> tuple[set[str], set[str]]:
    """The ConfigMaps and Secrets a container reads, by envFrom or by single keys."""
    config_maps: set[str] = set()
    secrets: set[str] = set()
    for source in container.get("envFrom", []):
        assert "prefix" not in source, "a prefix would rename the settings"
        if "configMapRef" in source:
            config_maps.add(source["configMapRef"]["name"])
        if "secretRef" in source:
            secrets.add(source["secretRef"]["name"])
    for variable in container.get("env", []):
        reference = variable.get("valueFrom", {})
        if "configMapKeyRef" in reference:
            config_maps.add(reference["configMapKeyRef"]["name"])
        if "secretKeyRef" in reference:
            secrets.add(reference["secretKeyRef"]["name"])
    return config_maps, secrets


def container_variables(container: Resource) -> Iterator[str]:
    """Every environment variable the container gets: all keys of its envFrom sources, and env."""
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            yield from named("ConfigMap", source["configMapRef"]["name"]).get("data", {})
        if "secretRef" in source:
            secret = named("Secret", source["secretRef"]["name"])
            yield from {**secret.get("stringData", {}), **secret.get("data", {})}
    for variable in container.get("env", []):
        yield variable["name"]


def known_setting(name: str) -> bool:
    """A variable entrypoints/config.py reads (the OIDC blocks are OIDC_<n>_* there)."""
    return re.sub(r"^OIDC_\d+_", "OIDC_<n>_", name) in VARIABLES


def container_port(container: Resource, port: int | str) -> int:
    """A probe's or a Service's port, by number or by the container port's name."""
    for declared in container.get("ports", []):
        if port in (declared["containerPort"], declared.get("name")):
            number: int = declared["containerPort"]
            return number
    raise AssertionError(f"port {port!r} is not one of the container's ports")


def seconds_of_prestop_sleep(container: Resource) -> float:
    pre_stop = container.get("lifecycle", {}).get("preStop")
    if pre_stop is None:
        return 0.0
    if "sleep" in pre_stop:
        return float(pre_stop["sleep"]["seconds"])
    command = pre_stop["exec"]["command"]
    assert command[0] == "sleep" and len(command) == 2, f"preStop should be a plain sleep: {command}"
    return float(command[1])


# --- the files ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", manifest_files(), ids=lambda path: path.name)
def test_every_manifest_validates_strictly_against_the_pinned_kubernetes(path: Path) -> None:
    docs = documents(path)
    assert docs, f"{path.name} holds no resource"
    for doc in docs:
        try:
            kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)
        except kubernetes_validate.ValidationError as error:
            where = ".".join(str(part) for part in error.path)
            pytest.fail(f"{path.name}: {doc['kind']} {doc['metadata']['name']}: {where}: {error.message}")
        except kubernetes_validate.SchemaNotFoundError as error:
            pytest.fail(f"{path.name}: {error.message}")


def test_strict_validation_rejects_an_unknown_field() -> None:
    """So the test above would notice a misspelt field (it is not only checking the syntax)."""
    deployment = server()
    misspelt = {**deployment, "spec": {**deployment["spec"], "replica": 2}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(misspelt, KUBERNETES_VERSION, strict=True)


def test_the_kustomization_lists_every_manifest_and_nothing_else() -> None:
    kustomization = yaml.safe_load(KUSTOMIZATION.read_text(encoding="utf-8"))
    assert kustomization["apiVersion"] == "kustomize.config.k8s.io/v1beta1"
    assert kustomization["kind"] == "Kustomization"
    listed = kustomization["resources"]
    assert len(listed) == len(set(listed)), "a resource is listed twice"
    assert sorted(listed) == [path.name for path in manifest_files()]


def test_the_deployment_and_the_job_run_the_image_the_kustomization_names() -> None:
    kustomization = yaml.safe_load(KUSTOMIZATION.read_text(encoding="utf-8"))
    names = {entry["name"] for entry in kustomization["images"]}
    deployment_image = only_container(server())["image"]
    job_image = only_container(the("Job"))["image"]
    assert deployment_image == job_image
    assert deployment_image.split("@")[0].rsplit(":", 1)[0] in names


# --- the pods' settings -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(WORKLOADS))
def test_every_variable_the_pods_get_is_a_setting_of_entrypoints_config(kind: str) -> None:
    container = only_container(WORKLOADS[kind]())
    unknown = sorted(name for name in container_variables(container) if not known_setting(name))
    assert not unknown, f"{kind} sets variables tavolo does not read: {unknown}"


@pytest.mark.parametrize("kind", list(WORKLOADS))
def test_the_pods_read_the_configmap_and_the_secret(kind: str) -> None:
    config_maps, secrets = env_sources(only_container(WORKLOADS[kind]()))
    assert config_maps == {the("ConfigMap")["metadata"]["name"]}
    assert secrets == {the("Secret")["metadata"]["name"]}


def test_the_configmap_and_the_secret_load_as_settings() -> None:
    config = the("ConfigMap").get("data", {})
    secret = the("Secret").get("stringData", {})
    assert not set(config) & set(secret), "a setting is in both the ConfigMap and the Secret"
    assert all(isinstance(value, str) for value in {**config, **secret}.values()), "quote every value"
    settings = load_settings(settings_env())
    assert settings.database_kind == "postgres"
    assert settings.redis_url or settings.redis_cluster_nodes, "live state must be in Redis"
    assert settings.oidc_providers, "the identity provider is configured"
    for name in ("DATABASE_PASSWORD", "DATABASE_URL", "OIDC_0_CLIENT_SECRET"):
        assert name not in config, f"{name} belongs in the Secret"


def test_the_configmaps_commented_redis_cluster_alternative_loads_in_place_of_redis_url() -> None:
    text = (MANIFESTS / "configmap.yaml").read_text(encoding="utf-8")
    found = re.search(r"^\s*#\s*REDIS_CLUSTER_NODES:\s*(\S+)\s*$", text, flags=re.MULTILINE)
    assert found, "configmap.yaml should show REDIS_CLUSTER_NODES, commented, as the alternative"
    env = {key: value for key, value in settings_env().items() if key != "REDIS_URL"}
    settings = load_settings({**env, "REDIS_CLUSTER_NODES": found.group(1)})
    assert settings.redis_url is None and len(settings.redis_cluster_nodes) >= 3


# --- the Deployment -----------------------------------------------------------------------------


def test_the_probes_ask_readiness_and_liveness_on_the_app_port() -> None:
    container = only_container(server())
    app_port = load_settings(settings_env()).app_port
    assert container_port(container, "http") == app_port
    ready = container["readinessProbe"]["httpGet"]
    live = container["livenessProbe"]["httpGet"]
    assert ready["path"] == "/api/health/ready"
    assert live["path"] == "/api/health/live"
    for probe in (ready, live, container.get("startupProbe", {}).get("httpGet", live)):
        assert container_port(container, probe["port"]) == app_port
    if "startupProbe" in container:
        assert container["startupProbe"]["httpGet"]["path"] == "/api/health/live"


def test_the_grace_period_covers_the_prestop_sleep_and_the_workers_shutdown_grace() -> None:
    deployment = server()
    assert "SHUTDOWN_GRACE_SECONDS" in settings_env(), "the grace the period is sized for"
    grace = load_settings(settings_env()).shutdown_grace_seconds
    sleep = seconds_of_prestop_sleep(only_container(deployment))
    period = pod_spec(deployment)["terminationGracePeriodSeconds"]
    assert period >= sleep + grace + SHUTDOWN_MARGIN_SECONDS, (period, sleep, grace)


def test_the_deployment_requests_resources_and_leaves_replicas_to_the_autoscaler() -> None:
    deployment = server()
    requests = only_container(deployment)["resources"]["requests"]
    assert {"cpu", "memory"} <= set(requests)
    assert "replicas" not in deployment["spec"], "the HorizontalPodAutoscaler owns the replica count"
    assert selects(deployment["spec"]["selector"]["matchLabels"], pod_labels(deployment))


# --- the Service, the Ingress, the PDB, the HPA, the Job ----------------------------------------


def backends(ingress: Resource) -> list[Resource]:
    found: list[Resource] = [
        path["backend"]["service"] for rule in ingress["spec"]["rules"] for path in rule["http"]["paths"]
    ]
    return found


@pytest.mark.parametrize("name", ["tavolo", "tavolo-games"])
def test_each_service_selects_the_app_pods_and_not_the_migration(name: str) -> None:
    service = named("Service", name)
    selector = service["spec"]["selector"]
    assert selects(selector, pod_labels(server()))
    assert not selects(selector, pod_labels(the("Job")))
    container = only_container(server())
    app_port = load_settings(settings_env()).app_port
    for port in service["spec"]["ports"]:
        assert container_port(container, port.get("targetPort", port["port"])) == app_port


def test_each_ingress_routes_to_a_service_port_with_long_websocket_timeouts() -> None:
    for ingress in every("Ingress"):
        assert backends(ingress)
        for backend in backends(ingress):
            service = named("Service", backend["name"])
            ports = {port["port"] for port in service["spec"]["ports"]} | {
                port["name"] for port in service["spec"]["ports"] if "name" in port
            }
            assert backend["port"].get("name", backend["port"].get("number")) in ports
        annotations = ingress["metadata"]["annotations"]
        for name in TIMEOUT_ANNOTATIONS:
            assert int(annotations[name]) >= WEBSOCKET_TIMEOUT_SECONDS, name


def test_every_socket_of_one_game_goes_to_one_pod_by_the_hash_of_its_path() -> None:
    games = named("Ingress", "tavolo-games")
    assert games["metadata"]["annotations"]["nginx.ingress.kubernetes.io/upstream-hash-by"] == "$uri"
    paths = [path for rule in games["spec"]["rules"] for path in rule["http"]["paths"]]
    assert [(path["path"], path["pathType"]) for path in paths] == [("/ws/games", "Prefix")]
    # ingress-nginx keeps one balancing setting per Service: the hashed route has a Service no
    # other Ingress sends to, or the plain route's setting could win
    hashed = {backend["name"] for backend in backends(games)}
    others = {
        backend["name"]
        for ingress in every("Ingress")
        if ingress["metadata"]["name"] != games["metadata"]["name"]
        for backend in backends(ingress)
    }
    assert hashed and not hashed & others
    rest = named("Ingress", "tavolo")
    assert "nginx.ingress.kubernetes.io/upstream-hash-by" not in rest["metadata"]["annotations"]


@pytest.mark.parametrize("name", ["tavolo", "tavolo-games"])
def test_the_login_callback_is_on_the_ingress_host_over_https(name: str) -> None:
    ingress = named("Ingress", name)
    hosts = {rule["host"] for rule in ingress["spec"]["rules"]}
    tls_hosts = {host for entry in ingress["spec"].get("tls", []) for host in entry["hosts"]}
    for provider in load_settings(settings_env()).oidc_providers:
        match = re.fullmatch(r"https://([^/:]+)(?::\d+)?/auth/([^/]+)/callback", provider.redirect_uri)
        assert match, f"{provider.redirect_uri} should be https://<host>/auth/<provider>/callback"
        assert match.group(1) in hosts & tls_hosts
        assert match.group(2) == provider.name


@pytest.mark.parametrize("kind", ["PodDisruptionBudget", "HorizontalPodAutoscaler"])
def test_the_disruption_budget_and_the_autoscaler_target_the_deployment(kind: str) -> None:
    deployment = server()
    resource = the(kind)
    if kind == "PodDisruptionBudget":
        assert selects(resource["spec"]["selector"]["matchLabels"], pod_labels(deployment))
        assert not selects(resource["spec"]["selector"]["matchLabels"], pod_labels(the("Job")))
    else:
        target = resource["spec"]["scaleTargetRef"]
        assert (target["apiVersion"], target["kind"], target["name"]) == (
            "apps/v1",
            "Deployment",
            deployment["metadata"]["name"],
        )
        # The budget lets one pod go at a time: with a single replica a drain would close every game.
        assert resource["spec"]["minReplicas"] >= 2


def test_the_migration_job_runs_tavolo_migrate_with_the_apps_image_and_secret() -> None:
    job = the("Job")
    container = only_container(job)
    app = only_container(server())
    assert [*container.get("command", []), *container.get("args", [])] == ["tavolo", "migrate"]
    assert container["image"] == app["image"]
    assert env_sources(container) == env_sources(app)
    assert pod_spec(job)["restartPolicy"] in {"Never", "OnFailure"}


# --- the computer players' service --------------------------------------------------------------

KEDA = MANIFESTS / "keda"


def test_the_computer_players_run_their_command_with_the_apps_image_and_settings() -> None:
    container = only_container(computer_players())
    app = only_container(server())
    assert [*container.get("command", []), *container.get("args", [])] == ["tavolo", "computer-players"]
    assert container["image"] == app["image"]
    assert env_sources(container) == env_sources(app)
    assert {"cpu", "memory"} <= set(container["resources"]["requests"])
    assert load_settings(settings_env()).thinking_service, "the servers hand their questions over"


def test_no_server_selector_takes_the_computer_players_pods() -> None:
    for resource in [*every("Service"), the("PodDisruptionBudget")]:
        selector = resource["spec"]["selector"]
        selector = selector.get("matchLabels", selector)
        assert not selects(selector, pod_labels(computer_players())), resource["metadata"]["name"]


def test_the_keda_scaling_reads_the_stream_and_group_the_computer_players_use() -> None:
    from adapters.redis.keys import RedisKeys
    from adapters.redis.thinking_requests import THINKING_GROUP

    kustomization = yaml.safe_load((KEDA / "kustomization.yaml").read_text(encoding="utf-8"))
    (scaled,) = [doc for name in kustomization["resources"] for doc in documents(KEDA / name)]
    assert scaled["kind"] == "ScaledObject"
    assert scaled["spec"]["scaleTargetRef"]["name"] == computer_players()["metadata"]["name"]
    (trigger,) = scaled["spec"]["triggers"]
    prefix = load_settings(settings_env()).redis_key_prefix
    assert trigger["type"] == "redis-streams"
    assert trigger["metadata"]["stream"] == RedisKeys(prefix).thinking_requests
    assert trigger["metadata"]["consumerGroup"] == THINKING_GROUP
    assert scaled["spec"]["minReplicaCount"] >= 1, "a question never waits for a pod to start"
