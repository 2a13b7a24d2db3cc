// Malformed and ill-typed Torch IR is rejected with a diagnostic, never a crash.
// RUN: torch-mlir-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{invalid tensor dimension size -2; write `?` for a size that is not known}}
func.func private @negative_size(!torch.vtensor<[-2],f32>)

// -----

// expected-error @+1 {{invalid dtype 'i64' for a Torch tensor type}}
func.func private @signless_dtype(!torch.vtensor<[2],i64>)

// -----

// expected-error @+1 {{invalid dtype 'index' for a Torch tensor type}}
func.func private @index_dtype(!torch.tensor<*,index>)

// -----

// A word that is no type is named as the dtype.
// expected-error @+1 {{unknown dtype 'f99' in !torch.vtensor (expected a builtin element type such as f32, si64, ui8, i1, complex<f32>, or `unk`)}}
func.func private @unknown_dtype(!torch.vtensor<[2,?],f99>)

// -----

// expected-error @+1 {{unknown dtype 'float' in !torch.tensor}}
func.func private @unknown_dtype_unranked(!torch.tensor<*,float>)

// -----

// expected-error @+1 {{expected non-function type}}
func.func private @unknown_nested(!torch.list<integer>)

// -----

// expected-error @+1 {{expected a key type and a value type}}
func.func private @dict_arity(!torch.dict<str>)

// -----

func.func @list_element_type(%f: !torch.float) {
  // expected-error @+1 {{element of type '!torch.float' does not fit the list's element type '!torch.int'}}
  %0 = torch.prim.ListConstruct %f : (!torch.float) -> !torch.list<int>
  return
}

// -----

func.func @tuple_arity(%i: !torch.int) {
  // expected-error @+1 {{has 1 elements but the tuple type has 2}}
  %0 = torch.prim.TupleConstruct %i : !torch.int -> !torch.tuple<int, int>
  return
}

// -----

func.func @tuple_unpack_arity(%t: !torch.tuple<int, float>) {
  // expected-error @+1 {{unpacks 1 values from a tuple of 2}}
  %0 = torch.prim.TupleUnpack %t : !torch.tuple<int, float> -> !torch.int
  return
}

// -----

func.func @if_yield_types(%c: !torch.bool, %f: !torch.float) -> !torch.int {
  // expected-error @+1 {{then region yields a value of type '!torch.float' where '!torch.int' is expected}}
  %0 = torch.prim.If %c -> (!torch.int) {
    torch.prim.If.yield %f : !torch.float
  } else {
    torch.prim.If.yield %f : !torch.float
  }
  return %0 : !torch.int
}

// -----

func.func @loop_body_arity(%n: !torch.int, %c: !torch.bool) {
  // expected-error @+1 {{body takes 2 arguments, expected 1}}
  torch.prim.Loop %n, %c, init() {
  ^bb0(%i: !torch.int, %extra: !torch.int):
    torch.prim.Loop.condition %c, iter()
  } : (!torch.int, !torch.bool) -> ()
  return
}

// -----

func.func @cast_semantics(%t: !torch.vtensor<[2],f32>) {
  // expected-error @+1 {{cannot cast '!torch.vtensor<[2],f32>' to '!torch.tensor'}}
  %0 = torch.tensor_static_info_cast %t : !torch.vtensor<[2],f32> to !torch.tensor
  return
}

// -----

func.func @cast_sizes(%t: !torch.vtensor<[2],f32>) {
  // expected-error @+1 {{cannot cast '!torch.vtensor<[2],f32>' to '!torch.vtensor<[3],f32>'}}
  %0 = torch.tensor_static_info_cast %t : !torch.vtensor<[2],f32> to !torch.vtensor<[3],f32>
  return
}

// -----

func.func @literal_shape() {
  // expected-error @+1 {{result sizes do not match the literal's shape}}
  %0 = torch.vtensor.literal(dense<1.0> : tensor<2xf32>) : !torch.vtensor<[3],f32>
  return
}

// -----

func.func @copy_type(%t: !torch.vtensor<[2],f32>) {
  // expected-error @+1 {{expected a !torch.tensor type}}
  %0 = torch.copy.to_tensor %t : !torch.vtensor<[2],f32>
  return
}

// -----

func.func @generated_operand_type(%f: !torch.float, %i: !torch.int) {
  // expected-error @+1 {{operand #0 must be torch.int, but got '!torch.float'}}
  %0 = torch.aten.add.int %f, %i : !torch.float, !torch.int -> !torch.int
  return
}

// -----

func.func @generated_operand_count(%i: !torch.int) {
  // expected-error @+1 {{custom op 'torch.aten.add.int' expected 2 operands}}
  %0 = torch.aten.add.int %i : !torch.int -> !torch.int
  return
}

// -----

func.func @module_body(%i: !torch.int) {
  %m = torch.nn_module {
    // expected-error @+1 {{'torch.constant.int' op is not allowed in a torch.nn_module body}}
    %0 = torch.constant.int 1
  } : !torch.nn.Module<"c">
  return
}

// -----

func.func @in_place_needs_reference_semantics(%v: !torch.vtensor<[2],f32>, %i: !torch.int) {
  // expected-error @+1 {{operand #0 must be torch.tensor, but got '!torch.vtensor<[2],f32>'}}
  %0 = torch.aten.add_.Tensor %v, %v, %i : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2],f32>
  return
}

// -----

func.func @symbolic_int_bad_range() {
  // expected-error @+1 {{range [5, 2] of s0 is not a range of sizes}}
  %0 = torch.symbolic_int "s0" {min_val = 5, max_val = 2} : !torch.int
  return
}

// -----

func.func @bind_symbol_count(%arg0: !torch.vtensor<[?],f32>) {
  %0 = torch.symbolic_int "s0" {min_val = 0, max_val = 9} : !torch.int
  // expected-error @+1 {{the map has 2 symbol(s) but the op binds 1}}
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0, s1] -> (s0 + s1)> : !torch.vtensor<[?],f32>
  return
}

// -----

func.func @bind_not_a_symbol(%arg0: !torch.vtensor<[?],f32>, %n: !torch.int) {
  // expected-error @+1 {{each shape symbol must come from torch.symbolic_int}}
  torch.bind_symbolic_shape %arg0, [%n], affine_map<()[s0] -> (s0)> : !torch.vtensor<[?],f32>
  return
}

// -----

func.func @bind_rank(%arg0: !torch.vtensor<[?,4],f32>) {
  %0 = torch.symbolic_int "s0" {min_val = 0, max_val = 9} : !torch.int
  // expected-error @+1 {{the map gives 1 size(s) for a tensor of rank 2}}
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0)> : !torch.vtensor<[?,4],f32>
  return
}

// -----

func.func @bind_static_size(%arg0: !torch.vtensor<[?,4],f32>) {
  %0 = torch.symbolic_int "s0" {min_val = 0, max_val = 9} : !torch.int
  // expected-error @+1 {{dimension 1 is 4 but the map says 5}}
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 5)> : !torch.vtensor<[?,4],f32>
  return
}

// -----

func.func @bind_dims(%arg0: !torch.vtensor<[?],f32>) {
  %0 = torch.symbolic_int "s0" {min_val = 0, max_val = 9} : !torch.int
  // expected-error @+1 {{the shape expressions take symbols only, not 1 dimension(s)}}
  torch.bind_symbolic_shape %arg0, [%0], affine_map<(d0)[s0] -> (s0 + d0)> : !torch.vtensor<[?],f32>
  return
}
