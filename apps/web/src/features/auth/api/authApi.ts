import type {
  LoginInput,
  LoginResponse,
  SetPasswordInput,
  SignupInput,
  UserDTO,
} from "@atrium/shared";
import { api } from "../../../api/client";

export const authApi = {
  login: (input: LoginInput) => api.post<LoginResponse>("/auth/login", input, { anonymous: true }),
  signup: (input: SignupInput) => api.post<UserDTO>("/auth/signup", input, { anonymous: true }),
  setPassword: (input: SetPasswordInput) =>
    api.post<void>("/auth/set-password", input, { anonymous: true }),
  me: () => api.get<UserDTO>("/auth/me"),
  logout: () => api.post<void>("/auth/logout"),
};
