"""An analysis test: the torch-free check must fail, and say which path is wrong."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def _closure_fires_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "torch-linked code is reachable from a torch-free target")
    asserts.expect_failure(
        env,
        "//test/closure:leaky_core -> //test/closure:pretend_torch_importer (tagged torch-linked)",
    )
    return analysistest.end(env)

closure_fires_test = analysistest.make(_closure_fires_impl, expect_failure = True)
