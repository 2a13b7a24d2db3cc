"""YAML for linalg's op DSL (opdsl), with PyYAML imported only to write YAML.

Stands in for MLIR's module of this name, which imports PyYAML as soon as
`torch_mlir.dialects.linalg` is imported: building and matching linalg IR
needs no YAML, and the core wheel does not require PyYAML. The names are the
same: `YAMLObject`, the base of opdsl's op definitions and configs (each with
a `yaml_tag` and a `to_yaml_custom_dict()`), and `yaml_dump` /
`yaml_dump_all`, which write them as tagged YAML mappings (multi-line strings
as literal blocks) and ask for PyYAML when it is missing.
"""

__all__ = ["YAMLObject", "yaml_dump", "yaml_dump_all"]


class YAMLObject:
    """An opdsl definition written as the YAML mapping `to_yaml_custom_dict()`
    returns, tagged `yaml_tag`."""

    yaml_tag = None

    def to_yaml_custom_dict(self):
        raise NotImplementedError()

    def as_linalg_yaml(self):
        return yaml_dump(self)


def _yaml():
    """PyYAML, told once how to write YAMLObjects and multi-line strings."""
    try:
        import yaml
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(
            "writing linalg op definitions as YAML needs PyYAML: pip install PyYAML"
        ) from error
    if not getattr(_yaml, "ready", False):
        yaml.add_multi_representer(
            YAMLObject,
            lambda dumper, obj: dumper.represent_mapping(obj.yaml_tag,
                                                         obj.to_yaml_custom_dict()))
        yaml.add_representer(
            str,
            lambda dumper, text: dumper.represent_scalar(
                "tag:yaml.org,2002:str", text, style="|" if len(text.splitlines()) > 1 else None))
        _yaml.ready = True
    return yaml


def yaml_dump(data, sort_keys=False, **kwargs):
    return _yaml().dump(data, sort_keys=sort_keys, **kwargs)


def yaml_dump_all(data, sort_keys=False, explicit_start=True, **kwargs):
    return _yaml().dump_all(data, sort_keys=sort_keys, explicit_start=explicit_start, **kwargs)
