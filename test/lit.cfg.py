# lit configuration for every lit test under test/. Tests run under Bazel
# (utils/bazel/rules/lit.bzl), which puts the tools they call on PATH.
import lit.formats

config.name = "torch-mlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".txt", ".py"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.environ["PATH"]
config.substitutions.append(("%python", lit_config.params.get("python", "python3")))
